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
/// The trait is **sealed**: it is implemented for the primitive types above and cannot be
/// implemented outside this crate. The engines rely on exact knowledge of each type (how its
/// sums overflow, how two values pack into one heap key), and sealing lets the trait gain
/// methods without breaking anyone. A cost in a unit of your own converts to one of the
/// primitives at the boundary of `successors`.
pub trait Cost: sealed::Sealed + Copy + PartialOrd + Debug + Display + 'static {
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
    /// the type's bounds (for floats too: a finite value never scales to infinity), so a
    /// weighted integer estimate never exceeds `factor ×` the estimate.
    fn scale(self, factor: f64) -> Self;

    /// `self + other`, saturated at the type's bounds (for floats: two finite values never sum
    /// to infinity). The ranking of weighted A* uses it.
    #[doc(hidden)]
    fn saturating_sum(self, other: Self) -> Self;

    /// The value as an `f64`, for reports and bounds (may round for large integers).
    fn to_f64(self) -> f64;

    /// The mark of a state no path reaches, in tables of distances (the landmarks'): infinity
    /// for floats, the greatest value for integers (no path the searches accept costs that
    /// much and can be extended).
    #[doc(hidden)]
    const UNREACHED: Self;

    /// `self − other` where `self` is the larger, else zero, for values that are not NaN;
    /// for floats an infinite `self` less a finite `other` is infinite, and infinity less
    /// infinity zero.
    #[doc(hidden)]
    fn excess(self, other: Self) -> Self;

    /// Appends the value's little-endian bytes to `out`, for files (the landmarks').
    #[doc(hidden)]
    fn write_le(self, out: &mut Vec<u8>);

    /// The value whose little-endian bytes begin `bytes` (missing bytes read as zeros).
    #[doc(hidden)]
    fn read_le(bytes: &[u8]) -> Self;

    /// A pair of values packed into one key that compares as ([`order`](Cost::order) on the
    /// first, then on the second): an integer for every type up to 64 bits, so the open set
    /// compares priorities without branches or float comparisons. Not NaN.
    #[doc(hidden)]
    type Pair: sealed::Ranked;

    /// Packs `(first, second)` into a [`Pair`](Cost::Pair). Neither may be NaN.
    #[doc(hidden)]
    fn pair(first: Self, second: Self) -> Self::Pair;

    /// Packs `(first, second)` into a [`Pair`](Cost::Pair) that compares as ([`order`](Cost::order)
    /// on the first, then the reverse order on the second): the larger second first. Neither may
    /// be NaN.
    #[doc(hidden)]
    fn pair_larger_second(first: Self, second: Self) -> Self::Pair;

    /// One value as a key that compares as [`order`](Cost::order): the open set's key where
    /// the ranking has no second value (Dijkstra ranks by g alone), half the width of a
    /// [`Pair`](Cost::Pair). Not NaN.
    #[doc(hidden)]
    type Single: sealed::Ranked;

    /// Packs `self` into a [`Single`](Cost::Single). Not NaN.
    #[doc(hidden)]
    fn single(self) -> Self::Single;
}

pub(crate) use sealed::Ranked;

mod sealed {
    use std::fmt::Debug;

    /// Implemented for the primitive number types only: see [`Cost`](super::Cost).
    pub trait Sealed {}

    /// A [`Cost::Pair`](super::Cost::Pair) with a 32-bit rank packed beside it into one value
    /// that compares as (pair, then rank): an open set's entry, so that each comparison of a
    /// sift is a single integer comparison where the widths allow (`u32` pairs in a `u64`,
    /// `u64` pairs in a `u128`).
    // Public through `Cost::Pair`'s bound; rustc 1.85's lint does not follow that bound.
    #[allow(unreachable_pub)]
    pub trait Ranked: Copy + Ord + Debug + 'static {
        /// The pair and the rank together.
        type WithRank: Copy + Ord + Debug + 'static;
        /// Packs the pair with `rank`.
        fn with_rank(self, rank: u32) -> Self::WithRank;
        /// The pair of a packed value.
        fn pair(packed: Self::WithRank) -> Self;
        /// The rank of a packed value.
        fn rank(packed: Self::WithRank) -> u32;
    }

    /// Keys packed with the rank into an integer twice as wide: the key in the high half.
    macro_rules! ranked_in_wider {
        ($($key:ty => $wide:ty),*) => {$(
            impl Ranked for $key {
                type WithRank = $wide;
                #[inline]
                fn with_rank(self, rank: u32) -> $wide {
                    (<$wide>::from(self) << 32) | <$wide>::from(rank)
                }
                #[inline]
                fn pair(packed: $wide) -> $key {
                    (packed >> 32) as $key
                }
                #[inline]
                fn rank(packed: $wide) -> u32 {
                    packed as u32
                }
            }
        )*};
    }

    /// Keys too wide to share an integer with the rank: the rank beside them in a tuple.
    macro_rules! ranked_beside {
        ($($key:ty),*) => {$(
            impl Ranked for $key {
                type WithRank = ($key, u32);
                #[inline]
                fn with_rank(self, rank: u32) -> Self::WithRank {
                    (self, rank)
                }
                #[inline]
                fn pair(packed: Self::WithRank) -> Self {
                    packed.0
                }
                #[inline]
                fn rank(packed: Self::WithRank) -> u32 {
                    packed.1
                }
            }
        )*};
    }

    ranked_in_wider!(u32 => u64, u64 => u128);
    ranked_beside!(u128, (u128, u128));

    macro_rules! sealed {
        ($($t:ty),*) => {$(impl Sealed for $t {})*};
    }

    sealed!(
        u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64
    );
}

/// Two 64-bit halves compared high half first: the [`Cost::Pair`] of the 64-bit cost types. A
/// `u128` would do, but it is aligned to 16 bytes, which would pad the open set's entries from 24
/// bytes to 32.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wide {
    high: u64,
    low: u64,
}

impl Wide {
    #[inline]
    fn new(high: u64, low: u64) -> Wide {
        Wide { high, low }
    }
}

impl Ord for Wide {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        (self.high, self.low).cmp(&(other.high, other.low))
    }
}

impl PartialOrd for Wide {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }

    /// Without branches (`&` and `|` evaluate both sides), since heap comparisons between
    /// near-equal keys are unpredictable.
    #[inline]
    fn lt(&self, other: &Self) -> bool {
        (self.high < other.high) | ((self.high == other.high) & (self.low < other.low))
    }
}

/// A [`Wide`] pair with a rank: the open set's entry for the 64-bit cost types, 24 bytes.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// Public through `Ranked::WithRank`; rustc 1.85's lint does not follow that bound.
#[allow(unreachable_pub)]
pub struct WideRanked {
    pair: Wide,
    rank: u32,
}

impl Ord for WideRanked {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        (self.pair, self.rank).cmp(&(other.pair, other.rank))
    }
}

impl PartialOrd for WideRanked {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }

    /// Without branches, as [`Wide`]'s.
    #[inline]
    fn lt(&self, other: &Self) -> bool {
        let (a, b) = (self.pair, other.pair);
        (a.high < b.high)
            | ((a.high == b.high)
                & ((a.low < b.low) | ((a.low == b.low) & (self.rank < other.rank))))
    }

    // The standard heap sifts with `<=` (through `Reverse`, `>=`): without branches too.
    #[inline]
    fn le(&self, other: &Self) -> bool {
        !other.lt(self)
    }

    #[inline]
    fn gt(&self, other: &Self) -> bool {
        other.lt(self)
    }

    #[inline]
    fn ge(&self, other: &Self) -> bool {
        !self.lt(other)
    }
}

impl sealed::Ranked for Wide {
    type WithRank = WideRanked;
    #[inline]
    fn with_rank(self, rank: u32) -> WideRanked {
        WideRanked { pair: self, rank }
    }
    #[inline]
    fn pair(packed: WideRanked) -> Wide {
        packed.pair
    }
    #[inline]
    fn rank(packed: WideRanked) -> u32 {
        packed.rank
    }
}

/// `$t` is the type, `$unsigned` its unsigned twin (which receives an order-preserving image of
/// each value), `$pair` the key, `$pack` a closure that packs two images into it, and `$single`
/// the key of one image.
macro_rules! impl_cost_for_integers {
    ($($t:ty => $unsigned:ty, $pair:ty, $pack:expr, $single:ty);*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0;
            const EXACT: bool = true;
            const UNREACHED: Self = <$t>::MAX;

            #[inline]
            fn excess(self, other: Self) -> Self {
                if self > other { self.wrapping_sub(other) } else { 0 }
            }

            #[inline]
            fn write_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }

            #[inline]
            fn read_le(bytes: &[u8]) -> Self {
                let mut array = [0u8; std::mem::size_of::<$t>()];
                for (to, from) in array.iter_mut().zip(bytes) {
                    *to = *from;
                }
                <$t>::from_le_bytes(array)
            }

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
            fn saturating_sum(self, other: Self) -> Self {
                self.saturating_add(other)
            }

            #[inline]
            fn to_f64(self) -> f64 {
                ToPrimitive::to_f64(&self).unwrap_or(f64::NAN)
            }

            type Pair = $pair;

            #[inline]
            fn pair(first: Self, second: Self) -> $pair {
                // Subtracting the minimum maps the type's order onto unsigned values.
                let image = |value: Self| value.wrapping_sub(<$t>::MIN) as $unsigned;
                let pack: fn($unsigned, $unsigned) -> $pair = $pack;
                pack(image(first), image(second))
            }

            #[inline]
            fn pair_larger_second(first: Self, second: Self) -> $pair {
                // The complement of an unsigned image reverses its order.
                let image = |value: Self| value.wrapping_sub(<$t>::MIN) as $unsigned;
                let pack: fn($unsigned, $unsigned) -> $pair = $pack;
                pack(image(first), !image(second))
            }

            type Single = $single;

            #[inline]
            fn single(self) -> $single {
                self.wrapping_sub(<$t>::MIN) as $unsigned as $single
            }
        }
    )*};
}

impl_cost_for_integers!(
    u8 => u8, u32, |a, b| ((a as u32) << 8) | (b as u32), u32;
    i8 => u8, u32, |a, b| ((a as u32) << 8) | (b as u32), u32;
    u16 => u16, u32, |a, b| ((a as u32) << 16) | (b as u32), u32;
    i16 => u16, u32, |a, b| ((a as u32) << 16) | (b as u32), u32;
    u32 => u32, u64, |a, b| ((a as u64) << 32) | (b as u64), u32;
    i32 => u32, u64, |a, b| ((a as u64) << 32) | (b as u64), u32;
    u64 => u64, Wide, Wide::new, u64;
    i64 => u64, Wide, Wide::new, u64;
    usize => usize, Wide, |a, b| Wide::new(a as u64, b as u64), u64;
    isize => usize, Wide, |a, b| Wide::new(a as u64, b as u64), u64;
    u128 => u128, (u128, u128), |a, b| (a, b), u128;
    i128 => u128, (u128, u128), |a, b| (a, b), u128
);

/// `$bits` is the unsigned type of the float's bits, `$pair` the key, `$pack` the packer.
macro_rules! impl_cost_for_floats {
    ($($t:ty => $bits:ty, $pair:ty, $pack:expr);*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0.0;
            const EXACT: bool = false;
            const UNREACHED: Self = <$t>::INFINITY;

            #[inline]
            fn excess(self, other: Self) -> Self {
                // Not `>`-then-subtract alone: infinity less infinity is NaN.
                if self > other { self - other } else { 0.0 }
            }

            #[inline]
            fn write_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }

            #[inline]
            fn read_le(bytes: &[u8]) -> Self {
                let mut array = [0u8; std::mem::size_of::<$t>()];
                for (to, from) in array.iter_mut().zip(bytes) {
                    *to = *from;
                }
                <$t>::from_le_bytes(array)
            }

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
                let scaled = (<f64 as From<$t>>::from(self) * factor) as $t;
                if scaled.is_infinite() && self.is_finite() && factor.is_finite() {
                    <$t>::MAX.copysign(scaled)
                } else {
                    scaled
                }
            }

            #[inline]
            fn saturating_sum(self, other: Self) -> Self {
                let sum = self + other;
                if sum.is_infinite() && self.is_finite() && other.is_finite() {
                    <$t>::MAX.copysign(sum)
                } else {
                    sum
                }
            }

            #[inline]
            fn to_f64(self) -> f64 {
                <f64 as From<$t>>::from(self)
            }

            type Pair = $pair;

            #[inline]
            fn pair(first: Self, second: Self) -> $pair {
                let pack: fn($bits, $bits) -> $pair = $pack;
                pack(first.single(), second.single())
            }

            #[inline]
            fn pair_larger_second(first: Self, second: Self) -> $pair {
                let pack: fn($bits, $bits) -> $pair = $pack;
                pack(first.single(), !second.single())
            }

            type Single = $bits;

            #[inline]
            fn single(self) -> $bits {
                // Adding 0.0 turns -0.0 into 0.0, which `order` holds equal. Then the bits of a
                // positive number order as unsigned integers once the sign bit is set, and those of
                // a negative number in reverse, so they are all flipped.
                let bits = (self + 0.0).to_bits();
                let negative = bits >> (<$bits>::BITS - 1);
                bits ^ (negative.wrapping_neg() | (1 << (<$bits>::BITS - 1)))
            }
        }
    )*};
}

impl_cost_for_floats!(
    f32 => u32, u64, |a, b| ((a as u64) << 32) | (b as u64);
    f64 => u64, Wide, Wide::new
);

#[cfg(test)]
mod tests {
    use super::Cost;
    use std::cmp::Ordering;

    use super::Ranked;

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
        assert_eq!(3.0f32.scale(1e300), f32::MAX);
        assert_eq!(f64::INFINITY.scale(2.0), f64::INFINITY);
    }

    #[test]
    fn saturating_sums_stop_at_the_bounds() {
        assert_eq!(250u8.saturating_sum(10), u8::MAX);
        assert_eq!(i32::MIN.saturating_sum(-1), i32::MIN);
        assert_eq!(f64::MAX.saturating_sum(f64::MAX), f64::MAX);
        assert_eq!(f64::INFINITY.saturating_sum(1.0), f64::INFINITY);
        assert_eq!(1.5f32.saturating_sum(2.0), 3.5);
    }

    /// `pair` must order exactly as `order` on the first value, then on the second, and
    /// `single` as `order`, with ranks breaking its ties.
    fn assert_pairs_agree_with_order<C: Cost>(values: &[C]) {
        for &a in values {
            for &c in values {
                assert_eq!(
                    a.single().cmp(&c.single()),
                    a.order(c),
                    "{a:?} against {c:?}"
                );
                for (x, y) in [(0, 1), (1, 0), (7, 7)] {
                    let expected = a.order(c).then(x.cmp(&y));
                    let (left, right) = (a.single().with_rank(x), c.single().with_rank(y));
                    assert_eq!(left.cmp(&right), expected, "{a:?} against {c:?}");
                    assert_eq!(left < right, expected.is_lt(), "{a:?} against {c:?}");
                }
            }
            for &b in values {
                for &c in values {
                    for &d in values {
                        let expected = a.order(c).then(b.order(d));
                        assert_eq!(
                            C::pair(a, b).cmp(&C::pair(c, d)),
                            expected,
                            "({a:?}, {b:?}) against ({c:?}, {d:?})"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn pairs_order_as_their_values() {
        assert_pairs_agree_with_order(&[0u8, 1, 127, 128, 255]);
        assert_pairs_agree_with_order(&[i8::MIN, -1, 0, 1, i8::MAX]);
        assert_pairs_agree_with_order(&[0u16, 1, 256, u16::MAX]);
        assert_pairs_agree_with_order(&[i16::MIN, -300, 0, 2, i16::MAX]);
        assert_pairs_agree_with_order(&[0u32, 1, 1 << 31, u32::MAX]);
        assert_pairs_agree_with_order(&[i32::MIN, -1, 0, 7, i32::MAX]);
        assert_pairs_agree_with_order(&[0u64, 1, 1 << 63, u64::MAX]);
        assert_pairs_agree_with_order(&[i64::MIN, -1, 0, 1, i64::MAX]);
        assert_pairs_agree_with_order(&[0usize, 3, usize::MAX]);
        assert_pairs_agree_with_order(&[isize::MIN, -3, 0, isize::MAX]);
        assert_pairs_agree_with_order(&[0u128, 1, u128::MAX]);
        assert_pairs_agree_with_order(&[i128::MIN, -1, 0, i128::MAX]);
        let floats = [
            f64::NEG_INFINITY,
            f64::MIN,
            -1.5,
            -f64::MIN_POSITIVE,
            -0.0,
            0.0,
            f64::MIN_POSITIVE,
            1.0,
            1.5,
            f64::MAX,
            f64::INFINITY,
        ];
        assert_pairs_agree_with_order(&floats);
        assert_pairs_agree_with_order(&floats.map(|x| x as f32));
    }

    #[test]
    fn float_order_treats_signed_zeros_alike() {
        assert_eq!((-0.0f64).order(0.0), Ordering::Equal);
        assert_eq!(1.0f32.order(2.0), Ordering::Less);
    }
}
