//! The per-iteration counts of the iterative-deepening searches (`Event::IterationEnd`) and
//! their expansions before the last iteration, on random graphs, copying and in place: each
//! iteration's counts add up to the search's, its bounds rise, and no `Generate` event is sent.

mod common;

use common::{Graph, Walk, config, graph};
use informed::{CycleCheck, Event, InPlace, IterationBound, Search, SearchResult};
use proptest::prelude::*;

/// What the observer of a depth-first search saw: each iteration's number, bound and counts,
/// and whether anything but an iteration's two events or an expansion came.
#[derive(Debug, Default, PartialEq)]
struct Seen {
    begun: Vec<u64>,
    ended: Vec<(u64, IterationBound<u64>, u64, u64)>,
    expansions: u64,
    others: usize,
}

impl Seen {
    fn observe(&mut self, event: Event<'_, usize, u64>) {
        match event {
            Event::Iteration { number } => self.begun.push(number),
            Event::IterationEnd {
                number,
                bound,
                expanded,
                generated,
            } => self.ended.push((number, bound, expanded, generated)),
            Event::Expand { .. } => self.expansions += 1,
            _ => self.others += 1,
        }
    }
}

/// Checks what `seen` saw against the outcome of the search that sent it: one end per
/// iteration begun, with the bound rising, counts adding up to the search's, and the
/// expansions before the last iteration.
fn check(seen: &Seen, outcome: &SearchResult<Graph<u64>>) -> Result<(), TestCaseError> {
    prop_assert_eq!(seen.others, 0, "a depth-first search sends no Generate");
    let stats = match outcome {
        Ok(solution) => solution.stats(),
        Err(error) => error.stats(),
    };
    prop_assert_eq!(seen.begun.len() as u64, stats.iterations);
    prop_assert_eq!(
        seen.begun.clone(),
        (1..=stats.iterations).collect::<Vec<_>>()
    );
    // A search that ends in an iteration without a limit ends each iteration it began.
    prop_assert_eq!(seen.ended.len(), seen.begun.len());
    for (at, &(number, ..)) in seen.ended.iter().enumerate() {
        prop_assert_eq!(number, at as u64 + 1);
    }
    for pair in seen.ended.windows(2) {
        let rises = match (pair[0].1, pair[1].1) {
            (IterationBound::Cost(a), IterationBound::Cost(b)) => a < b,
            (IterationBound::Depth(a), IterationBound::Depth(b)) => b == a + 1,
            _ => false,
        };
        prop_assert!(rises, "{:?}", pair);
    }
    let expanded: u64 = seen.ended.iter().map(|end| end.2).sum();
    let generated: u64 = seen.ended.iter().map(|end| end.3).sum();
    prop_assert_eq!(expanded, stats.expanded);
    prop_assert_eq!(generated, stats.generated);
    prop_assert_eq!(seen.expansions, stats.expanded);
    let before_last: u64 = seen.ended.iter().rev().skip(1).map(|end| end.2).sum();
    prop_assert_eq!(stats.expanded_before_last_layer, before_last);
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// IDA* with an admissible heuristic, copying and in place.
    #[test]
    fn idastar_ends_each_iteration_with_its_counts(
        graph in graph(12, 0..10u64),
        seeds in prop::collection::vec(any::<u64>(), 1..12),
    ) {
        // The one check with which a space without a goal ends in `NoPath` rather than a limit.
        let cycle_check = CycleCheck::Path;
        let exact = graph.remaining_costs();
        let h: Vec<u64> = exact
            .iter()
            .zip(seeds.iter().cycle())
            .map(|(d, seed)| d.map_or(1_000, |d| seed % (d as u64 + 1)))
            .collect();
        let mut seen = Seen::default();
        let copying = Search::new(&graph)
            .cycle_check(cycle_check)
            .on_event(|event| seen.observe(event))
            .idastar(|&v: &usize| h[v]);
        check(&seen, &copying)?;
        let walk = InPlace::new(Walk(&graph));
        let mut in_place = Seen::default();
        let outcome = Search::new(&walk)
            .cycle_check(cycle_check)
            .on_event(|event| in_place.observe(event))
            .idastar_in_place(|&v: &usize| h[v]);
        check(&in_place, &outcome)?;
    }

    /// Iterative deepening, copying and in place: depth bounds 0, 1, 2, ….
    #[test]
    fn iddfs_ends_each_iteration_with_its_counts(graph in graph(10, 0..10u64)) {
        let mut seen = Seen::default();
        let copying = Search::new(&graph)
            .on_event(|event| seen.observe(event))
            .iddfs();
        check(&seen, &copying)?;
        if let Some(&(_, bound, ..)) = seen.ended.first() {
            prop_assert_eq!(bound, IterationBound::Depth(0));
        }
        let walk = InPlace::new(Walk(&graph));
        let mut in_place = Seen::default();
        let outcome = Search::new(&walk)
            .on_event(|event| in_place.observe(event))
            .iddfs_in_place();
        check(&in_place, &outcome)?;
    }
}
