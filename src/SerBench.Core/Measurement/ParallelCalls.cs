using System.Diagnostics;
using System.Runtime.ExceptionServices;

namespace SerBench.Core.Measurement;

/// <summary>
/// A threads cell's body: N worker threads, each with a body of its own (its own object; the codec shared, as a server
/// shares its serializer). One <see cref="Call"/> releases them all for <see cref="CallsPerThread"/> calls each and returns
/// when the last is done, so its time is the wall time of N objects at once, times <see cref="CallsPerThread"/>. One
/// thread is measured the same way (a worker, the caller waiting), so 1 and N threads pay the same hand-over.
/// </summary>
internal sealed class ParallelCalls : IDisposable
{
    // Waking a worker on an idle vCPU took 0.1–0.9 ms here: calls of 50 ms keep the hand-over near 1% (at 4 ms it was a fifth of 2 threads' time).
    private static readonly TimeSpan CallTarget = TimeSpan.FromMilliseconds(50);

    private static readonly TimeSpan CalibrationWarmUp = TimeSpan.FromMilliseconds(100);

    private static readonly TimeSpan CalibrationSpan = TimeSpan.FromMilliseconds(10);

    private readonly Func<object?>[] _bodies;
    private readonly ManualResetEventSlim[] _go;
    private readonly CountdownEvent _done;
    private readonly object?[] _last;
    private readonly object _oneCallAtATime = new();
    private ExceptionDispatchInfo? _fault;
    private volatile bool _stopping;

    public ParallelCalls(IReadOnlyList<Func<object?>> bodies)
    {
        _bodies = [.. bodies];
        _go = [.. _bodies.Select(_ => new ManualResetEventSlim(false))];
        _done = new CountdownEvent(_bodies.Length);
        _last = new object?[_bodies.Length];
        CallsPerThread = Calibrate(_bodies[0]);
        try
        {
            for (var i = 0; i < _bodies.Length; i++)
            {
                var index = i;
                new Thread(() => Work(index)) { IsBackground = true, Name = $"SerBench worker {index + 1}" }.Start();
            }
        }
        catch (Exception)
        {
            // No thread for the next worker (a container's limit): the started ones stop, and the cell is a CRASH.
            Dispose();
            throw;
        }
    }

    /// <summary>Calls of its own body each thread makes in one <see cref="Call"/>: a measured time is divided by it.</summary>
    public int CallsPerThread { get; }

    public object? Call()
    {
        // One call at a time: a runner that gave up on a hung call may call again from another thread.
        lock (_oneCallAtATime)
        {
            ObjectDisposedException.ThrowIf(_stopping, this);
            return CallAll();
        }
    }

    private object? CallAll()
    {
        _done.Reset(_bodies.Length);
        foreach (var go in _go)
        {
            go.Set();
        }

        // A kernel wait, not a spin: on 2 cores a spinning caller would hold the core the second worker needs.
        _done.WaitHandle.WaitOne();
        if (Interlocked.Exchange(ref _fault, null) is { } fault)
        {
            fault.Throw();
        }

        return _last[0];
    }

    public void Dispose()
    {
        lock (_oneCallAtATime)
        {
            _stopping = true;
        }

        foreach (var go in _go)
        {
            go.Set();
        }
    }

    private void Work(int index)
    {
        var go = _go[index];
        var body = _bodies[index];
        while (true)
        {
            go.Wait();
            go.Reset();
            if (_stopping)
            {
                return;
            }

            try
            {
                object? last = null;
                for (var i = 0; i < CallsPerThread; i++)
                {
                    last = body();
                }

                _last[index] = last;
            }
#pragma warning disable CA1031 // A contender may throw anything: the caller rethrows it, and the cell is recorded as crashed.
            catch (Exception exception)
#pragma warning restore CA1031
            {
                Interlocked.CompareExchange(ref _fault, ExceptionDispatchInfo.Capture(exception), null);
            }

            _done.Signal();
        }
    }

    // Calls for 100 ms first (the code promoted past tier 0, mostly), then times 10 ms of calls.
    private static int Calibrate(Func<object?> body)
    {
        var watch = Stopwatch.StartNew();
        var calls = 0;
        try
        {
            foreach (var span in (TimeSpan[])[CalibrationWarmUp, CalibrationSpan])
            {
                (watch, calls) = (Stopwatch.StartNew(), 0);
                do
                {
                    body();
                    calls++;
                }
                while (watch.Elapsed < span && calls < 10_000_000);
            }
        }
#pragma warning disable CA1031 // The measured calls throw it again, on a worker, and the cell is recorded as crashed.
        catch (Exception)
#pragma warning restore CA1031
        {
            return 1;
        }

        var perCall = watch.Elapsed.TotalMilliseconds / calls;
        return (int)Math.Clamp(Math.Round(CallTarget.TotalMilliseconds / perCall), 1, 1_000_000);
    }
}
