//! Failures of workers: the first one recorded with its message, the others of the process
//! told to stop, and every process of the run taken down with it.
//!
//! A worker that panics cannot take part in another round, and the others would wait for it
//! forever. Timely takes the other *processes* down by itself: a worker thread that unwinds
//! poisons the queues its network threads read, they fail, the connection drops, and the far
//! side's workers panic in turn ("MergeQueue poisoned"). The other workers of the *same*
//! process are not woken; they look at [`Failure::check`] while they wait.

use std::any::Any;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// The failure shared by the workers of one process.
#[derive(Debug, Default)]
pub(crate) struct Failure {
    failed: AtomicBool,
    /// The first failure recorded: the worker's index and the message.
    first: Mutex<Option<(usize, String)>>,
}

impl Failure {
    /// Records that worker `worker` failed with the panic `payload`, unless a failure is
    /// recorded already (that one is the cause; this one, likely, a consequence).
    pub(crate) fn record(&self, worker: usize, payload: &(dyn Any + Send)) {
        let message = panic_message(payload);
        let mut first = self
            .first
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if first.is_none() {
            *first = Some((worker, message));
        }
        self.failed.store(true, Ordering::SeqCst);
    }

    /// Panics if a worker of this process has failed.
    pub(crate) fn check(&self) {
        if self.failed.load(Ordering::SeqCst) {
            panic!("another worker of this process failed");
        }
    }

    /// The first failure recorded.
    pub(crate) fn first(&self) -> Option<(usize, String)> {
        self.first
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }
}

/// The message of a panic, where it has one.
pub(crate) fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_owned()
    }
}
