using SerBench.Core.Measurement;

namespace SerBench.Tests.Core.Measurement;

public sealed class ParallelCallsTests
{
    [Fact]
    public void ACall_RunsEveryThreadsOwnBody_CallsPerThreadTimes_EachOnAThreadOfItsOwn()
    {
        var counts = new int[3];
        var threads = new int[3];
        using var parallel = new ParallelCalls([.. Enumerable.Range(0, 3).Select(i => (Func<object?>)(() =>
        {
            Interlocked.Increment(ref counts[i]);
            threads[i] = Environment.CurrentManagedThreadId;
            return i;
        }))]);
        // Calibration calls the first body on the caller's thread only.
        var calibrated = counts[0];

        var result = parallel.Call();
        parallel.Call();

        Assert.Equal(0, result);
        Assert.InRange(parallel.CallsPerThread, 1, 1_000_000);
        Assert.Equal(calibrated + (2 * parallel.CallsPerThread), counts[0]);
        Assert.Equal(2 * parallel.CallsPerThread, counts[1]);
        Assert.Equal(2 * parallel.CallsPerThread, counts[2]);
        Assert.Equal(3, threads.Distinct().Count());
        Assert.DoesNotContain(Environment.CurrentManagedThreadId, threads);
    }

    [Fact]
    public void AThrowingBody_ThrowsOnTheCaller_AndTheNextCallRunsAgain()
    {
        var fail = false;
        using var parallel = new ParallelCalls([() => fail ? throw new InvalidOperationException("worker broke") : 1, () => 2]);
        fail = true;

        var error = Assert.Throws<InvalidOperationException>(() => parallel.Call());
        fail = false;

        Assert.Equal("worker broke", error.Message);
        Assert.Equal(1, parallel.Call());
    }

    [Fact]
    public void ACallAfterDispose_IsRefused_NotLeftWaitingForStoppedWorkers()
    {
        var parallel = new ParallelCalls([() => 1, () => 2]);
        parallel.Dispose();

        Assert.Throws<ObjectDisposedException>(() => parallel.Call());
    }

    [Fact]
    public void PerOperation_DividesTimesBytesAndCollections_AndMultipliesCalls()
    {
        var measured = new CellMeasurement
        {
            MeanNs = 4_000, ErrorNs = 400, StdDevNs = 200, MedianNs = 3_900, AllocatedBytes = 8_000, Gen0 = 2, Gen1 = 0.4, Gen2 = null,
            IterationsNs = [3_800, 4_200], Calls = 10,
        };

        var each = measured.PerOperation(4);

        Assert.Equal((1_000, 100, 50, 975), (each.MeanNs, each.ErrorNs, each.StdDevNs, each.MedianNs));
        Assert.Equal((2_000L, 0.5, 0.1, (double?)null), (each.AllocatedBytes!.Value, each.Gen0!.Value, each.Gen1!.Value, each.Gen2));
        Assert.Equal([950, 1_050], each.IterationsNs);
        Assert.Equal(40, each.Calls);
        Assert.Same(measured, measured.PerOperation(1));
    }
}
