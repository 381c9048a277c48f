import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Work split over threads started for the call and joined before it returns: plain pthreads,
/// no pool that outlives the call, nothing read about the machine's other processes. A thread
/// that cannot start (a limit on processes: `ulimit -u`, a pids cgroup) is known at once, from
/// `pthread_create`'s answer: its share runs on the lanes that did start, and `failedStarts`
/// says so for the command line to report. One lane starts no thread, so one always works.
public enum Lanes {
    /// Runs `body(index, lane)` for every index in `0..<iterations`, returning once every index
    /// has run. Up to `threads` lanes, never more than there are indices: this thread is lane 0,
    /// and a thread is started for each other lane. Each lane takes the next index not taken
    /// until none is left, so a lane runs one index at a time (what a lane keeps needs no lock)
    /// and callers put each index's result in its own slot of an array made beforehand. With one
    /// lane every index runs here, in order.
    public static func perform(
        iterations: Int, threads: Int, _ body: (_ index: Int, _ lane: Int) -> Void
    ) {
        guard min(threads, iterations) > 1 else {
            for index in 0..<max(0, iterations) { body(index, 0) }
            return
        }
        run(iterations: iterations, threads: threads, body, ordered: false) { $0.run(lane: 0) }
    }

    /// `perform`, with this thread also preparing every index in order before any lane runs it,
    /// and taking every index's result in index order as soon as its body has run on whichever
    /// lane: `prepare(index)` runs here, for each index once, before `body(index, _)`;
    /// `take(index)` runs here, for each index once, after `body(index, _)` and after
    /// `take(index - 1)`. This thread prepares every index first (the other lanes run those
    /// prepared meanwhile), then runs bodies only while the next index to take is not done, so
    /// that what it does before and after the bodies overlaps the other lanes' work instead of
    /// bracketing it. With one lane: `prepare`, `body`, `take`, index by index.
    public static func perform(
        iterations: Int, threads: Int, preparingInOrder prepare: (_ index: Int) -> Void,
        _ body: (_ index: Int, _ lane: Int) -> Void, takingInOrder take: (_ index: Int) -> Void
    ) {
        guard min(threads, iterations) > 1 else {
            for index in 0..<max(0, iterations) {
                prepare(index)
                body(index, 0)
                take(index)
            }
            return
        }
        run(iterations: iterations, threads: threads, body, ordered: true) { $0.runPreparingAndTaking(prepare, take) }
    }

    /// Runs `other` on a thread started for the call while this thread runs `body`, and returns
    /// `body`'s answer once both are done: for work that must stay on this thread (a library's
    /// objects) beside work that needs none of it. Where no thread starts, `other` runs here after
    /// `body` (and `failedStarts` counts it).
    public static func alongside<T>(_ other: () -> Void, while body: () -> T) -> T {
        withoutActuallyEscaping(other) { other in
            // `other` does not outlive the call: its thread is joined before it returns.
            let started: pthread_t?
            do throws(StartFailure) {
                started = try startThread(detached: false, other).get()
            } catch {
                failures.record(error)
                started = nil
            }
            let answer = body()
            if let started { pthread_join(started, nil) } else { other() }
            return answer
        }
    }

    /// The lanes of a call: threads started for lanes 1 and up, `laneZero` here, then every
    /// started thread joined. With one lane, no thread: `laneZero` runs every index.
    private static func run(
        iterations: Int, threads: Int, _ body: (_ index: Int, _ lane: Int) -> Void, ordered: Bool,
        laneZero: (Call) -> Void
    ) {
        let lanes = max(1, min(threads, iterations))
        withoutActuallyEscaping(body) { body in
            // The body does not outlive the call: every started thread is joined before it returns.
            let call = Call(iterations: max(0, iterations), body: body, ordered: ordered)
            var started: [pthread_t] = []
            for lane in 1..<lanes {
                do throws(StartFailure) {
                    started.append(try startThread(detached: false) { call.run(lane: lane) }.get())
                } catch {
                    failures.record(error)
                    break
                }
            }
            laneZero(call)
            for thread in started { pthread_join(thread, nil) }
        }
    }

    /// How many threads could not be started so far in this process, and why the last could not.
    public static var failedStarts: (count: Int, reason: String?) {
        failures.lock.withLock { (failures.count, failures.reason) }
    }

    /// Counts a thread that could not start elsewhere (`OwnerThread`) among `failedStarts`.
    static func record(_ failure: StartFailure) {
        failures.record(failure)
    }

    /// What the command line says when a thread could not start: `reason` is `failedStarts`'.
    public static func failureMessage(_ reason: String) -> String {
        "cannot start a thread (\(reason)): the limit of processes (ulimit -u) or of pids is reached; "
            + "--jobs 1 renders on this thread alone"
    }

    /// Why a thread could not start: `pthread_create`'s error, as `strerror` says it.
    struct StartFailure: Error {
        let reason: String
    }

    /// Starts a thread that runs `body`, or says why it cannot start. A detached thread is never
    /// joined: it lets go of its resources as it ends.
    static func startThread(detached: Bool, _ body: @escaping () -> Void) -> Result<pthread_t, StartFailure> {
        let argument = Unmanaged.passRetained(Start(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<Start>.fromOpaque(argument).takeRetainedValue().body()
                return nil
            }, argument)
        #if canImport(Darwin)
        guard status == 0, let thread else {
            Unmanaged<Start>.fromOpaque(argument).release()
            return .failure(StartFailure(reason: String(cString: strerror(status))))
        }
        #else
        guard status == 0 else {
            Unmanaged<Start>.fromOpaque(argument).release()
            return .failure(StartFailure(reason: String(cString: strerror(status))))
        }
        #endif
        if detached { pthread_detach(thread) }
        return .success(thread)
    }

    /// One call's indices, taken in turn by its lanes; when lane 0 prepares them and takes their
    /// results in order, which are prepared and which are done.
    private final class Call: @unchecked Sendable {
        private let lock = Lock()
        private var next = 0
        private let iterations: Int
        private let body: (Int, Int) -> Void
        private let ordered: Bool
        /// Guarded by `lock`: how many indices lanes may run (all, unless lane 0 prepares them),
        /// and the other lanes waiting for more; per index, whether its body has run (empty
        /// unless results are taken in order), and the index lane 0 waits for, if it waits.
        private var prepared: Int
        private var waitingLanes = 0
        private var done: [Bool]
        private var awaited: Int?
        /// Lane 0's wake-up when its awaited index is done, and the other lanes' when more are prepared.
        private let wake = DispatchSemaphore(value: 0)
        private let lanesWake = DispatchSemaphore(value: 0)

        init(iterations: Int, body: @escaping (Int, Int) -> Void, ordered: Bool) {
            self.iterations = iterations
            self.body = body
            self.ordered = ordered
            prepared = ordered ? 0 : iterations
            done = ordered ? [Bool](repeating: false, count: iterations) : []
        }

        /// The loop of a lane other than lane 0 (and of lane 0 of a call without order).
        func run(lane: Int) {
            while true {
                let step: Step = lock.withLock {
                    if next < prepared {
                        next += 1
                        return .run(next - 1)
                    }
                    if prepared == iterations { return .finish }
                    waitingLanes += 1
                    return .wait
                }
                switch step {
                case .run(let index):
                    body(index, lane)
                    finished(index)
                case .wait:
                    lanesWake.wait()
                case .takeResult, .finish:
                    return
                }
            }
        }

        /// Lane 0 of a call that prepares its indices and takes their results in order: prepares
        /// every index, waking lanes waiting for one; then takes each index's result once it is
        /// done, running the next index not taken by a lane meanwhile, or waiting when none is left.
        func runPreparingAndTaking(_ prepare: (Int) -> Void, _ take: (Int) -> Void) {
            for index in 0..<iterations {
                prepare(index)
                let waking: Int = lock.withLock {
                    prepared = index + 1
                    defer { waitingLanes = 0 }
                    return waitingLanes
                }
                for _ in 0..<waking { lanesWake.signal() }
            }
            var wanted = 0
            while wanted < iterations {
                let step: Step = lock.withLock {
                    if done[wanted] { return .takeResult }
                    if next < iterations {
                        next += 1
                        return .run(next - 1)
                    }
                    awaited = wanted
                    return .wait
                }
                switch step {
                case .takeResult:
                    take(wanted)
                    wanted += 1
                case .run(let index):
                    body(index, 0)
                    finished(index)
                case .wait:
                    wake.wait()
                case .finish:
                    return
                }
            }
        }

        /// What a lane does next.
        private enum Step {
            case takeResult
            case run(Int)
            case wait
            case finish
        }

        /// Marks `index` done, waking lane 0 if it waits for it.
        private func finished(_ index: Int) {
            guard ordered else { return }
            let wakes: Bool = lock.withLock {
                done[index] = true
                guard awaited == index else { return false }
                awaited = nil
                return true
            }
            if wakes { wake.signal() }
        }
    }

    /// What a started thread runs.
    private final class Start {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    private final class Failures: @unchecked Sendable {
        let lock = Lock()
        var count = 0
        var reason: String?

        func record(_ failure: StartFailure) {
            lock.withLock {
                count += 1
                reason = failure.reason
            }
        }
    }
    private static let failures = Failures()
}
