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

/// Messages to one owner sent together: timely routes, moves (between threads) or
/// serializes (between processes) a batch at a time, not a message at a time.
const BATCH: usize = 1 << 10;

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
    /// Batches of messages, each with the worker it goes to.
    input: InputHandleVec<u64, (u64, Vec<M>)>,
    /// The batch being filled for each worker.
    outboxes: Vec<Vec<M>>,
    probe: ProbeHandle<u64>,
    reports: Rc<RefCell<BTreeMap<u64, R>>>,
    /// This worker's reports on the rounds not yet ended here, shared with its owner.
    pending: Rc<RefCell<BTreeMap<u64, R>>>,
    /// The round messages are being sent for.
    round: u64,
    sent: usize,
}

impl<M: Wire, R: Report> Rounds<M, R> {
    /// Builds the dataflow on `worker`. `owner` folds the messages of a round that reach this
    /// worker, a batch at a time, into its report for the round.
    ///
    /// Every worker must build its dataflows in the same order.
    pub(crate) fn new(
        worker: &mut Worker,
        mut owner: impl FnMut(u64, &mut Vec<M>, &mut R) + 'static,
    ) -> Self {
        let workers = worker.peers();
        let mut input = InputHandleVec::new();
        let probe = ProbeHandle::new();
        let reports: Rc<RefCell<BTreeMap<u64, R>>> = Rc::default();
        let pending: Rc<RefCell<BTreeMap<u64, R>>> = Rc::default();
        let sink = Rc::clone(&reports);
        let folded = Rc::clone(&pending);
        worker.dataflow::<u64, _, _>(|scope| {
            let owned = scope.input_from(&mut input).unary_frontier(
                Exchange::new(|(to, _): &(u64, Vec<M>)| *to),
                "Owner",
                |start: Capability<u64>, _| {
                    // Held at the first round whose report is not sent yet: every owner
                    // reports on every round, so that what a worker folded in without a
                    // message (its own states) is reported too.
                    let mut held = Some(start);
                    move |(input, frontier), output| {
                        input.for_each(|cap, data| {
                            // Rounds are numbers: a message's stamp is the one round it
                            // belongs to.
                            let Some(&round) = cap.least() else { return };
                            let mut folded = folded.borrow_mut();
                            let report = folded.entry(round).or_default();
                            for (_, batch) in data.iter_mut() {
                                owner(round, batch, report);
                            }
                        });
                        while let Some(cap) = held.as_mut() {
                            let round = *cap.time();
                            if frontier.less_equal(&round) {
                                break;
                            }
                            let report = folded.borrow_mut().remove(&round).unwrap_or_default();
                            output.session(&*cap).give(report);
                            if frontier.is_empty() && folded.borrow().is_empty() {
                                held = None; // the input is closed: no round is left
                            } else {
                                cap.downgrade(&(round + 1));
                            }
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
            outboxes: (0..workers).map(|_| Vec::new()).collect(),
            probe,
            reports,
            pending,
            round: 0,
            sent: 0,
        }
    }

    /// Folds something into this worker's report on the current round, as its owner
    /// operator folds messages: for what the worker does without a message, such as
    /// keeping the states it owns itself.
    pub(crate) fn report_locally(&mut self, fold: impl FnOnce(&mut R)) {
        fold(self.pending.borrow_mut().entry(self.round).or_default());
    }

    /// The round messages are being sent for (0 first).
    pub(crate) fn round(&self) -> u64 {
        self.round
    }

    /// Sends `message` to worker `to` (below the number of workers) in the current round; now
    /// and then lets the worker run the dataflow, so that owners fold messages while they are
    /// still being sent.
    #[inline]
    pub(crate) fn send(&mut self, worker: &mut Worker, to: usize, message: M) {
        let outbox = &mut self.outboxes[to];
        outbox.push(message);
        if outbox.len() >= BATCH {
            let batch = std::mem::replace(outbox, Vec::with_capacity(BATCH));
            self.input.send((to as u64, batch));
        }
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
        for (to, outbox) in self.outboxes.iter_mut().enumerate() {
            if !outbox.is_empty() {
                self.input.send((to as u64, std::mem::take(outbox)));
            }
        }
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
