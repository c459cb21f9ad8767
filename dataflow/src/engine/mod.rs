//! The machinery every computation of the crate shares: running workers on a cluster with
//! their failures caught ([`execute`]), rounds of exchange between owners ([`rounds`]), and
//! the visited sets owners keep ([`visited`]).

pub(crate) mod connect;
pub(crate) mod failure;
pub(crate) mod rounds;
pub(crate) mod visited;

use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::Arc;

use timely::worker::Worker;

use self::failure::{Failure, panic_message};
use crate::cluster::Cluster;
use crate::error::DataflowError;

/// Runs `body` on every worker of this process of `cluster`, and returns what each returned,
/// in the order of their indices; or the first failure, if a worker failed (a panic in it,
/// or a lost connection to another process).
pub(crate) fn execute<T, F>(cluster: &Cluster, body: F) -> Result<Vec<T>, DataflowError>
where
    T: Send + 'static,
    F: Fn(&mut Worker, &Failure) -> T + Send + Sync + 'static,
{
    let failure = Arc::new(Failure::default());
    let shared = Arc::clone(&failure);
    let (builders, network) = if cluster.process_count() > 1 {
        connect::connect(cluster)?
    } else {
        cluster
            .config()
            .communication
            .try_build()
            .map_err(|reason| DataflowError::Network { reason })?
    };
    let run = move |worker: &mut Worker| {
        let index = worker.index();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let result = body(worker, &shared);
            // Closed inputs complete the dataflows once every worker has closed its own;
            // wait for that here, where a failure elsewhere is noticed, rather than in
            // timely's own wait, which is not told of one.
            while worker.has_dataflows() {
                shared.check();
                worker.step_or_park(Some(std::time::Duration::from_millis(20)));
            }
            result
        }));
        match outcome {
            Ok(result) => result,
            Err(payload) => {
                shared.record(index, payload.as_ref());
                // Unwinding on drops the worker's queues poisoned, which takes the network
                // threads and so the other processes down with this one.
                resume_unwind(payload)
            }
        }
    };
    let guards =
        timely::execute::execute_from(builders, network, timely::WorkerConfig::default(), run)
            .map_err(|reason| DataflowError::Network { reason })?;
    // A network thread that failed makes the guards' drop panic, after the workers are
    // joined; the failure is recorded by then.
    let joined = catch_unwind(AssertUnwindSafe(|| guards.join()));
    let failed = |fallback: String| {
        let (worker, message) = failure.first().unwrap_or((usize::MAX, fallback));
        DataflowError::worker_failed(worker, message)
    };
    match joined {
        Ok(results) => results
            .into_iter()
            .map(|result| result.map_err(&failed))
            .collect(),
        Err(payload) => Err(failed(panic_message(payload.as_ref()))),
    }
}
