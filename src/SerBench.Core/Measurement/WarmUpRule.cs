using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace SerBench.Core.Measurement;

/// <summary>How long a warm-up lasted, what it compiled meanwhile, each body's time per call, and why it stopped, in the words of the log line.</summary>
internal readonly record struct WarmUpOutcome(TimeSpan Elapsed, long Compiled, IReadOnlyList<double> NanosecondsPerCall, string Ending);

/// <summary>The warm-up's stopping rule: warm a process's cells together until tiering is done, then say why it stopped (as BenchmarkDotNet's AutoWarmupStoppingCriteria).</summary>
internal static class WarmUpRule
{
    /// <summary>
    /// Keeps the process busy until the first tier-1 wave has passed, so no first cell is measured at tier 0; only where
    /// the runtime's tiering events are not available (evidence: docs/performance.md#the-method).
    /// </summary>
    internal static (TimeSpan Elapsed, long Compiled) AwaitFirstTieringWave(Func<object?> body)
    {
        // A wave is at least WaveSize methods, over once nothing compiles for a while; the limit covers tiered compilation being off.
        const int WaveSize = 100;
        var waveOverFor = TimeSpan.FromMilliseconds(100);
        var limit = TimeSpan.FromSeconds(1);
        var watch = Stopwatch.StartNew();
        var compiles = new CompileWatch();
        while (watch.Elapsed < limit)
        {
            RunBatch(body, watch);
            if (compiles.QuietFor(watch.Elapsed) >= waveOverFor && compiles.Compiled >= WaveSize)
            {
                break;
            }
        }

        return (watch.Elapsed, compiles.Compiled);
    }

    // Longer than the ~200 ms tiered compilation may wait before its first promotion (docs/performance.md#the-method).
    private static readonly TimeSpan SteadyFor = TimeSpan.FromMilliseconds(250);

    // With the runtime's events: the queue must be seen empty this long (and a whole turn of the bodies), as a method counted in the last turn is queued only then.
    private static readonly TimeSpan IdleFor = TimeSpan.FromMilliseconds(100);

    /// <summary>
    /// Calls the bodies in turns until tiered compilation has nothing left to promote and each body's last batches run
    /// within 5% of its best (15% after half of <paramref name="limit"/>). Both signals are needed and the bodies must keep
    /// running (evidence: docs/performance.md#the-method). With <paramref name="tiering"/> enabled, "nothing left" is the
    /// runtime's own word: not paused, no method waiting; otherwise a JIT quiet for <see cref="SteadyFor"/> after at least
    /// a few promotions. <paramref name="limitWhileCompiling"/> is longer, for code that keeps the JIT busy for seconds.
    /// </summary>
    internal static WarmUpOutcome WarmUntilSteady(IReadOnlyList<Func<object?>> bodies, TimeSpan minimum, TimeSpan limit, TimeSpan limitWhileCompiling, Exception?[] faults,
        TieringWatch? tiering = null)
    {
        const int SettledBatches = 3;
        var watch = Stopwatch.StartNew();
        var compiles = new CompileWatch();
        var best = bodies.Select(_ => double.MaxValue).ToArray();
        var recent = bodies.Select(_ => new Queue<double>()).ToArray();
        var compilingLimit = limitWhileCompiling > limit ? limitWhileCompiling : limit;
        var idleFor = IdleFor + (BatchTime * bodies.Count);
        var quietSince = TimeSpan.Zero;
        var byEvents = tiering is { Enabled: true };
        var ending = byEvents ? "once tiered compilation had nothing left to promote" : $"until no method was compiled for {SteadyFor.TotalMilliseconds:0} ms and the speed held";
        // Without the events, a quiet JIT means the code has settled only once its promotions have come: on a busy machine
        // the tiering worker can wait longer than the quiet spell. The engine's own warm-up body may have no promotions left.
        var expectedCompiles = minimum >= MinimumForPromotions && TiersUp ? PromotionsExpected : 0;
        bool Settled(TimeSpan now)
        {
            var compileQuiet = compiles.QuietFor(now);
            if (!byEvents)
            {
                return compileQuiet >= SteadyFor && compiles.Compiled >= expectedCompiles;
            }

            // Idle at every look for idleFor: a late straggler (a method a slow body calls once per call) that came and went
            // between two looks does not restart the wait; it cost 3 s a process and moved no mean (docs/performance.md#the-method).
            if (!tiering!.Idle)
            {
                quietSince = now;
            }

            // No tiering event at all since the warm-up began: nothing was left to promote, once the JIT is quiet too.
            return tiering.Events == 0 ? compileQuiet >= SteadyFor : now - quietSince >= idleFor && compileQuiet >= IdleFor;
        }

        while (faults.Any(f => f is null))
        {
            if (watch.Elapsed >= limit)
            {
                var compiling = !Settled(watch.Elapsed);
                if (!compiling || watch.Elapsed >= compilingLimit)
                {
                    ending = compiling
                        ? byEvents
                            ? $"to its limit with tiering not done: {tiering!.Pending} method(s) waiting for tier 1{(tiering.Paused ? ", promotion paused by new tier-0 code" : "")} ({compilingLimit.TotalMilliseconds:0} ms)"
                            : $"to its limit while methods were still being compiled ({compilingLimit.TotalMilliseconds:0} ms)"
                        : $"to its limit with tiering done but the speed not yet steady ({limit.TotalMilliseconds:0} ms)";
                    break;
                }
            }

            for (var i = 0; i < bodies.Count; i++)
            {
                if (faults[i] is not null)
                {
                    continue;
                }

                double perCall;
                try
                {
                    perCall = RunBatch(bodies[i], watch);
                }
#pragma warning disable CA1031 // The body's fault is recorded against its cell; BenchmarkDotNet's run reports it again.
                catch (Exception exception)
#pragma warning restore CA1031
                {
                    faults[i] = exception;
                    continue;
                }

                best[i] = Math.Min(best[i], perCall);
                recent[i].Enqueue(perCall);
                if (recent[i].Count > SettledBatches)
                {
                    recent[i].Dequeue();
                }

                // Looked at after each body, not each turn: a turn with slow bodies in it lasts most of a second.
                if (byEvents && watch.Elapsed >= minimum && Settled(watch.Elapsed) && Enumerable.Range(0, bodies.Count).All(j => faults[j] is not null || recent[j].Count > 0))
                {
                    break;
                }
            }

            // Several cells in turns see more of a busy host's swings than one: each may sit 10% off its best (20% late on).
            var tolerance = (watch.Elapsed < limit / 2 ? 1.05 : 1.15) + (bodies.Count > 1 ? 0.05 : 0);
            // With the runtime's word that tiering is done, the code is what it will be: what still moves is the host, which
            // the rounds measure. Without it, a steady speed is the only sign left that the code has settled.
            if (Settled(watch.Elapsed) && watch.Elapsed >= minimum
                && (byEvents || Enumerable.Range(0, bodies.Count).All(i => faults[i] is not null || (recent[i].Count == SettledBatches && recent[i].Min() <= best[i] * tolerance))))
            {
                break;
            }
        }

        // The median of the last batches, not the fastest: iterations sized for the best speed ran ~1.24× their ~15 ms.
        return new WarmUpOutcome(watch.Elapsed, compiles.Compiled, [.. recent.Select(r => r.Count == 0 ? 0 : Statistics.RoundStatistics.Median([.. r]))], ending);
    }

    private const int PromotionsExpected = 10;

    // The engine's short warm-up of its own code does not wait for promotions.
    private static readonly TimeSpan MinimumForPromotions = TimeSpan.FromMilliseconds(100);

    // False under Native AOT or with tiered compilation off, where no promotion ever comes.
    internal static bool TiersUp { get; } = RuntimeFeature.IsDynamicCodeSupported
        && AppContext.GetData("System.Runtime.TieredCompilation") is not (false or "false" or "False")
        && Environment.GetEnvironmentVariable("DOTNET_TieredCompilation") != "0"
        && Environment.GetEnvironmentVariable("COMPlus_TieredCompilation") != "0";

    private static readonly TimeSpan BatchTime = TimeSpan.FromMilliseconds(10);

    internal static double RunBatch(Func<object?> body, Stopwatch watch)
    {
        var start = watch.Elapsed;
        var end = start + BatchTime;
        long calls = 0;
        do
        {
            GC.KeepAlive(body());
            calls++;
        }
        while (watch.Elapsed < end);

        return (watch.Elapsed - start).TotalNanoseconds / calls;
    }

    /// <summary>Follows the runtime's count of compiled methods (all threads, tier-1 promotions included) from batch to batch.</summary>
    private sealed class CompileWatch
    {
        private readonly long _first = System.Runtime.JitInfo.GetCompiledMethodCount();
        private long _last;
        private TimeSpan _quietSince;

        public CompileWatch() => _last = _first;

        // As of the last QuietFor.
        public long Compiled => _last - _first;

        public TimeSpan QuietFor(TimeSpan now)
        {
            var count = System.Runtime.JitInfo.GetCompiledMethodCount();
            if (count != _last)
            {
                _last = count;
                _quietSince = now;
            }

            return now - _quietSince;
        }
    }
}
