//! Whether a small array is a permutation: the check that the pancake stacks and TopSpin states
//! share before a search starts from them.

/// The first value of 0 to `values.len()` − 1 that `values` does not hold, or `None` if it
/// holds each of them (then, having as many entries as values, it holds each exactly once).
///
/// Computes in **O(len)** time with a table of 256 flags on the stack, one for each `u8`.
pub(crate) fn first_missing(values: &[u8]) -> Option<usize> {
    let mut seen = [false; 1 << u8::BITS];
    for &value in values {
        seen[usize::from(value)] = true;
    }
    // Past 255 no `u8` can stand: the first such value is missing.
    (0..values.len()).find(|&value| !seen.get(value).copied().unwrap_or(false))
}

#[cfg(test)]
mod tests {
    use super::first_missing;
    use proptest::prelude::*;

    #[test]
    fn known_cases() {
        assert_eq!(first_missing(&[]), None);
        assert_eq!(first_missing(&[0]), None);
        assert_eq!(first_missing(&[1]), Some(0));
        assert_eq!(first_missing(&[2, 0, 1]), None);
        assert_eq!(first_missing(&[0, 1, 1, 3]), Some(2));
        assert_eq!(first_missing(&[0, 1, 9]), Some(2));
        let all: Vec<u8> = (0..=u8::MAX).collect();
        assert_eq!(first_missing(&all), None);
        let mut too_long = all.clone();
        too_long.push(0);
        assert_eq!(first_missing(&too_long), Some(256));
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            rng_seed: proptest::test_runner::RngSeed::Fixed(0x9e47),
            ..ProptestConfig::default()
        })]

        /// Against a scan for each value in turn, on arrays that are mostly permutations with
        /// an entry or two overwritten.
        #[test]
        fn matches_a_scan(
            len in 0usize..40,
            seed in any::<u64>(),
            changes in proptest::collection::vec((0usize..40, 0u8..45), 0..3),
        ) {
            let mut values: Vec<u8> = (0..len as u8).collect();
            // A seeded shuffle, so that the permutations are not all sorted.
            let mut state = seed;
            for i in (1..values.len()).rev() {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                values.swap(i, (state >> 33) as usize % (i + 1));
            }
            for (at, value) in changes {
                if at < values.len() {
                    values[at] = value;
                }
            }
            let expected = (0..values.len()).find(|&v| !values.iter().any(|&x| usize::from(x) == v));
            prop_assert_eq!(first_missing(&values), expected);
        }
    }
}
