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
        let lanes = min(threads, iterations)
        guard lanes > 1 else {
            for index in 0..<max(0, iterations) { body(index, 0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            // The body does not outlive the call: every started thread is joined before it returns.
            let call = Call(iterations: iterations, body: body)
            var started: [pthread_t] = []
            for lane in 1..<lanes {
                do throws(StartFailure) {
                    started.append(try startThread(detached: false) { call.run(lane: lane) }.get())
                } catch {
                    failures.record(error)
                    break
                }
            }
            call.run(lane: 0)
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

    /// One call's indices, taken in turn by its lanes.
    private final class Call: @unchecked Sendable {
        private let lock = Lock()
        private var next = 0
        private let iterations: Int
        private let body: (Int, Int) -> Void

        init(iterations: Int, body: @escaping (Int, Int) -> Void) {
            self.iterations = iterations
            self.body = body
        }

        func run(lane: Int) {
            while let index = take() { body(index, lane) }
        }

        private func take() -> Int? {
            lock.withLock {
                guard next < iterations else { return nil }
                next += 1
                return next - 1
            }
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
