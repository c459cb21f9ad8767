//! Rounds of exchange: every worker sends messages, each goes to the worker that owns it, the
//! owners fold what they receive into a report, and every worker learns every report of the
//! round once timely's progress tracking says that no worker can send more for it.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::Duration;

use serde::Serialize;
use serde::de::DeserializeOwned;
use timely::dataflow::channels::pact::{Exchange, Pipeline};
use timely::dataflow::operators::generic::Operator;
use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::vec::Input;
use timely::dataflow::operators::{Capability, Probe};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;

use super::failure::Failure;

/// Messages sent between two steps of the worker: often enough that the exchange flows while
/// a worker expands its part of a layer, and the messages in flight stay few.
const SEND_BETWEEN_STEPS: usize = 1 << 14;

/// How long a worker waiting for a round sleeps before it looks whether another worker of its
/// process has failed (a local failure does not wake it).
const PARK: Duration = Duration::from_millis(20);

/// What may travel between processes: sent, received and owned by one worker thread. Public
/// only as the supertrait of [`ExchangeState`](crate::ExchangeState), in a private module.
pub trait Wire: Serialize + DeserializeOwned + Clone + Send + 'static {}

impl<T: Serialize + DeserializeOwned + Clone + Send + 'static> Wire for T {}

/// A report that owners fold messages into, one per owner and round, merged by the receivers.
pub(crate) trait Report: Wire + Default {
    /// Adds `other` into `self`.
    fn merge(&mut self, other: Self);
}

/// One dataflow of the worker: its input of messages, the reports of each round, and the probe
/// that tells when a round is complete everywhere.
pub(crate) struct Rounds<M: Wire, R: Report> {
    input: InputHandleVec<u64, M>,
    probe: ProbeHandle<u64>,
    reports: Rc<RefCell<BTreeMap<u64, R>>>,
    /// The round messages are being sent for.
    round: u64,
    sent: usize,
}

impl<M: Wire, R: Report> Rounds<M, R> {
    /// Builds the dataflow on `worker`. `route` gives the owner of a message (the worker
    /// `route(m) % workers`, as timely's exchange computes it); `owner` folds the messages of
    /// a round that reach this worker into its report for the round.
    ///
    /// Every worker must build its dataflows in the same order.
    pub(crate) fn new(
        worker: &mut Worker,
        route: impl Fn(&M) -> u64 + 'static,
        mut owner: impl FnMut(u64, &mut Vec<M>, &mut R) + 'static,
    ) -> Self {
        let mut input = InputHandleVec::new();
        let probe = ProbeHandle::new();
        let reports: Rc<RefCell<BTreeMap<u64, R>>> = Rc::default();
        let sink = Rc::clone(&reports);
        worker.dataflow::<u64, _, _>(|scope| {
            let owned = scope.input_from(&mut input).unary_frontier(
                Exchange::new(move |m: &M| route(m)),
                "Owner",
                |_, _| {
                    // The report of each round still open at this owner, with the capability
                    // to send it once the round's last message has arrived.
                    let mut open: BTreeMap<u64, (Capability<u64>, R)> = BTreeMap::new();
                    move |(input, frontier), output| {
                        input.for_each(|cap, data| {
                            // Rounds are numbers: a message's stamp is the one round it
                            // belongs to.
                            let Some(cap) = cap.retain_least(output.output_index()) else {
                                return;
                            };
                            let round = *cap.time();
                            let (_, report) =
                                open.entry(round).or_insert_with(|| (cap, R::default()));
                            owner(round, data, report);
                        });
                        while let Some(entry) = open.first_entry() {
                            if frontier.less_equal(entry.key()) {
                                break;
                            }
                            let (cap, report) = entry.remove();
                            output.session(&cap).give(report);
                        }
                    }
                },
            );
            owned
                .broadcast()
                .unary::<timely::container::CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    Pipeline,
                    "Reports",
                    move |_, _| {
                        move |input, _output| {
                            input.for_each(|cap, data| {
                                let Some(&round) = cap.least() else { return };
                                let mut reports = sink.borrow_mut();
                                let merged = reports.entry(round).or_default();
                                for report in data.drain(..) {
                                    merged.merge(report);
                                }
                            });
                        }
                    },
                )
                .probe_with(&probe);
        });
        Rounds {
            input,
            probe,
            reports,
            round: 0,
            sent: 0,
        }
    }

    /// The round messages are being sent for (0 first).
    pub(crate) fn round(&self) -> u64 {
        self.round
    }

    /// Sends `message` to its owner in the current round; now and then lets the worker run the
    /// dataflow, so that owners fold messages while they are still being sent.
    pub(crate) fn send(&mut self, worker: &mut Worker, message: M) {
        self.input.send(message);
        self.sent += 1;
        if self.sent == SEND_BETWEEN_STEPS {
            self.sent = 0;
            worker.step();
        }
    }

    /// Ends the current round: returns once every worker has ended it and every owner has
    /// folded every message of it, with the merge of all the owners' reports (the same on
    /// every worker).
    ///
    /// # Panics
    ///
    /// If another worker of this process failed (see [`Failure`]), or timely loses a
    /// connection to another process.
    pub(crate) fn finish(&mut self, worker: &mut Worker, failure: &Failure) -> R {
        let round = self.round;
        self.round += 1;
        self.sent = 0;
        self.input.advance_to(self.round);
        while self.probe.less_than(&self.round) {
            failure.check();
            worker.step_or_park(Some(PARK));
        }
        self.reports.borrow_mut().remove(&round).unwrap_or_default()
    }
}
