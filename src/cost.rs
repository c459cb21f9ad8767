//! The numeric bound on step costs, path costs and estimates.

use std::cmp::Ordering;
use std::fmt::{Debug, Display};

use num_traits::{Bounded, NumCast, ToPrimitive, Zero};

/// A number usable as a step cost, a path cost (g) and an estimate (h).
///
/// Implemented for every primitive integer (`u8` … `u128`, `i8` … `i128`, `usize`, `isize`) and for
/// `f32` and `f64`, so a search needs no wrapper type around its costs.
///
/// The search engines use this trait to reject bad input instead of returning a wrong answer:
///
/// - a **negative** step cost, or a **NaN** step cost or estimate, is refused
///   ([`SearchError::NegativeCost`](crate::SearchError::NegativeCost),
///   [`SearchError::NanCost`](crate::SearchError::NanCost),
///   [`SearchError::NanEstimate`](crate::SearchError::NanEstimate));
/// - an integer **overflow** while adding up g, or g + h, is refused
///   ([`SearchError::Overflow`](crate::SearchError::Overflow)).
///
/// Floating-point sums do not overflow: they reach infinity. A state whose f = g + h is infinite
/// is pruned, never stored or expanded: an infinite step cost is impassable, and an infinite
/// estimate marks a dead end, a state from which no goal can be reached.
///
/// The trait is implemented only for the primitive types; it is not meant to be implemented
/// outside this crate, and may gain methods in a minor release.
pub trait Cost: Copy + PartialOrd + Debug + Display + 'static {
    /// The additive identity: the cost of the empty path.
    const ZERO: Self;

    /// Whether sums are exact (integers) rather than rounded (floats).
    const EXACT: bool;

    /// `self + other`, or `None` where the sum does not fit in `Self`.
    fn checked_sum(self, other: Self) -> Option<Self>;

    /// Whether the value is NaN (never true for integers).
    fn is_nan(self) -> bool;

    /// Whether the value is infinite (never true for integers).
    fn is_infinite(self) -> bool;

    /// Whether the value is below zero (`-0.0` is not).
    fn is_below_zero(self) -> bool;

    /// A total order for values that are not NaN; the engines compare only checked values.
    fn order(self, other: Self) -> Ordering;

    /// `self × factor` for weighted heuristics, rounded toward zero for integers and saturated at
    /// the type's bounds, so a weighted integer estimate never exceeds `factor ×` the estimate.
    fn scale(self, factor: f64) -> Self;

    /// The value as an `f64`, for reports and bounds (may round for large integers).
    fn to_f64(self) -> f64;
}

macro_rules! impl_cost_for_integers {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0;
            const EXACT: bool = true;

            #[inline]
            fn checked_sum(self, other: Self) -> Option<Self> {
                self.checked_add(other)
            }

            #[inline]
            fn is_nan(self) -> bool {
                false
            }

            #[inline]
            fn is_infinite(self) -> bool {
                false
            }

            #[inline]
            #[allow(unused_comparisons)]
            fn is_below_zero(self) -> bool {
                self < 0
            }

            #[inline]
            fn order(self, other: Self) -> Ordering {
                self.cmp(&other)
            }

            fn scale(self, factor: f64) -> Self {
                let scaled = ToPrimitive::to_f64(&self).unwrap_or(0.0) * factor;
                if scaled.is_nan() {
                    return Zero::zero();
                }
                // `NumCast` truncates toward zero and fails outside the range: saturate there.
                <$t as NumCast>::from(scaled).unwrap_or(if scaled > 0.0 {
                    <$t as Bounded>::max_value()
                } else {
                    <$t as Bounded>::min_value()
                })
            }

            #[inline]
            fn to_f64(self) -> f64 {
                ToPrimitive::to_f64(&self).unwrap_or(f64::NAN)
            }
        }
    )*};
}

impl_cost_for_integers!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize
);

macro_rules! impl_cost_for_floats {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0.0;
            const EXACT: bool = false;

            #[inline]
            fn checked_sum(self, other: Self) -> Option<Self> {
                Some(self + other)
            }

            #[inline]
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }

            #[inline]
            fn is_infinite(self) -> bool {
                <$t>::is_infinite(self)
            }

            #[inline]
            fn is_below_zero(self) -> bool {
                self < 0.0
            }

            #[inline]
            fn order(self, other: Self) -> Ordering {
                // NaN never reaches a comparison; -0.0 and 0.0 compare equal.
                self.partial_cmp(&other).unwrap_or(Ordering::Equal)
            }

            #[inline]
            fn scale(self, factor: f64) -> Self {
                (<f64 as From<$t>>::from(self) * factor) as $t
            }

            #[inline]
            fn to_f64(self) -> f64 {
                <f64 as From<$t>>::from(self)
            }
        }
    )*};
}

impl_cost_for_floats!(f32, f64);

#[cfg(test)]
mod tests {
    use super::Cost;
    use std::cmp::Ordering;

    #[test]
    fn integer_sums_report_overflow() {
        assert_eq!(250u8.checked_sum(5), Some(255));
        assert_eq!(250u8.checked_sum(6), None);
        assert_eq!(i32::MAX.checked_sum(1), None);
    }

    #[test]
    fn float_sums_reach_infinity_instead_of_failing() {
        assert_eq!(f64::MAX.checked_sum(f64::MAX), Some(f64::INFINITY));
    }

    #[test]
    fn negativity_and_nan() {
        assert!((-1i64).is_below_zero());
        assert!(!0u32.is_below_zero());
        assert!(!(-0.0f64).is_below_zero());
        assert!((-0.5f32).is_below_zero());
        assert!(Cost::is_nan(f64::NAN));
        assert!(!Cost::is_nan(7u16));
    }

    #[test]
    fn scaling_rounds_toward_zero_and_saturates() {
        assert_eq!(7u32.scale(1.5), 10);
        assert_eq!(200u8.scale(2.0), u8::MAX);
        assert_eq!((-7i32).scale(1.5), -10);
        assert_eq!(2.0f64.scale(1.25), 2.5);
    }

    #[test]
    fn float_order_treats_signed_zeros_alike() {
        assert_eq!((-0.0f64).order(0.0), Ordering::Equal);
        assert_eq!(1.0f32.order(2.0), Ordering::Less);
    }
}
