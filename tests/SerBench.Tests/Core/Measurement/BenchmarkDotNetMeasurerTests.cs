using SerBench.Core.Measurement;

namespace SerBench.Tests.Core.Measurement;

[Collection(SerialCollection.Name)]
public sealed class BenchmarkDotNetMeasurerTests
{
    /// <summary>Issue 41: a document over 85,000 bytes is read into buffers on the large object heap; BenchmarkDotNet's issues report set-ups that missed those.</summary>
    [Fact]
    public void LargeObjectHeapAllocations_AreCounted()
    {
        using var temp = new TempDirectory();

        var measured = new BenchmarkDotNetMeasurer(TextWriter.Null, temp.File("loh")).Measure(() => new byte[200_000], MeasurementProfile.Smoke, "loh");

        // The gen2 collections they cause depend on the process's heap (none when the whole test suite shares it): not asserted.
        Assert.InRange(measured.AllocatedBytes!.Value, 200_000, 201_000);
    }

    [Fact]
    public void ALargeObjectCell_ForcesCollectionsBetweenIterations_AndRunsNoOverheadIterations()
    {
        var job = BenchmarkDotNetMeasurer.ForLargeObjects(MeasurementProfile.Quick.CreateJob());

        Assert.True(job.Environment.Gc.Force);
        Assert.False(job.Accuracy.EvaluateOverhead);
        Assert.False(MeasurementProfile.Quick.CreateJob().Environment.Gc.Force);
    }

    /// <summary>On a host slow most of the time a wait for a fast spell passed at random: one that fails ends re-measures for the process.</summary>
    [Fact]
    public void AWaitTheHostStaysSlowThrough_EndsReMeasuresForTheRestOfTheProcess()
    {
        using var temp = new TempDirectory();
        var log = new StringWriter();
        var readings = 0;
        // Fast through the calibration, then twice as slow for good: every measured iteration is slow.
        var stuck = new HostSpeed(() => readings++ < 200 + HostSpeed.SpacedReadings ? 3.0 : 6.0);
        var measurer = new BenchmarkDotNetMeasurer(log, temp.File("stuck"), stuck);

        measurer.Measure(() => new byte[10], MeasurementProfile.Smoke, "first");
        measurer.Measure(() => new byte[20], MeasurementProfile.Smoke, "second");

        var lines = log.ToString().Split('\n');
        // Every process says how its spaced readings went, so a host's share of slow readings can be told from its logs.
        Assert.Single(lines, l => l.EndsWith($"read slow in 0 of {HostSpeed.SpacedReadings} readings 5 ms apart", StringComparison.Ordinal));
        Assert.Single(lines, l => l.Contains("stayed slow through", StringComparison.Ordinal));
        Assert.DoesNotContain(lines, l => l.Contains("measuring the cell again", StringComparison.Ordinal));
        // The engine's throwaway cell and each cell once: neither was run again.
        Assert.Equal(3, lines.Count(l => l.StartsWith("=== ", StringComparison.Ordinal)));
    }

    [Fact]
    public void AHostSlowInItsSpacedReadings_NeverWaits_AndMeasuresNoCellTwice()
    {
        using var temp = new TempDirectory();
        var log = new StringWriter();
        var readings = 0;
        // Fast once (the fastest), then twice as slow: the readings 5 ms apart say so before any cell.
        var slow = new HostSpeed(() => readings++ == 0 ? 3.0 : 6.0);
        var measurer = new BenchmarkDotNetMeasurer(log, temp.File("slow"), slow);

        measurer.Measure(() => new byte[10], MeasurementProfile.Smoke, "first");

        var lines = log.ToString().Split('\n');
        Assert.Single(lines, l => l.Contains($"read slow in {HostSpeed.SpacedReadings} of {HostSpeed.SpacedReadings} readings 5 ms apart; no cell", StringComparison.Ordinal));
        Assert.DoesNotContain(lines, l => l.Contains("stayed slow through", StringComparison.Ordinal) || l.Contains("measuring the cell again", StringComparison.Ordinal));
        Assert.Equal(2, lines.Count(l => l.StartsWith("=== ", StringComparison.Ordinal)));
    }

    /// <summary>Forced collections are for calls that make large objects, not for calls that make many small ones.</summary>
    [Fact]
    public void LargeObjectHeap_IsToldApartFromManySmallObjects()
    {
        // Holes in the large-object heap: a new object there must count although the heap does not grow.
        var large = Enumerable.Range(0, 20).Select(_ => new byte[150_000]).ToArray();
        for (var i = 0; i < large.Length; i += 2)
        {
            large[i] = null!;
        }

        GC.Collect();

        Assert.True(BenchmarkDotNetMeasurer.AllocatesOnTheLargeObjectHeap(() => new byte[100_000]));
        Assert.True(BenchmarkDotNetMeasurer.AllocatesOnTheLargeObjectHeap(() => new List<object>(Enumerable.Range(0, 12_000).Select(i => (object)i))));
        // The heap is the process's: another test's large object between the two readings says "large" (a needless forced
        // collection, never a missed one), so a small-object call must read "not large" in one of five tries, not in all.
        Assert.Contains(false, Enumerable.Range(0, 5).Select(_ => BenchmarkDotNetMeasurer.AllocatesOnTheLargeObjectHeap(() => Enumerable.Range(0, 3_000).Select(_ => new byte[100]).ToArray())));
        Assert.Contains(false, Enumerable.Range(0, 5).Select(_ => BenchmarkDotNetMeasurer.AllocatesOnTheLargeObjectHeap(() => new byte[80_000])));
        GC.KeepAlive(large);
    }

    [Fact]
    [Trait("Category", "Slow")]
    public async Task TwoMeasurersInOneProcess_EachTimeTheirOwnBody()
    {
        // CellBenchmark reads its body from a static. The healthy body stalls inside its measurement until the other
        // measurer has called its throwing body (or 5 s pass): measured together, the healthy cell would run the throwing
        // body and be blamed for it (seen in CI, stop 30, as a calibration cell failing with a fake contender's exception).
        using var temp = new TempDirectory();
        using var throwingCalled = new ManualResetEventSlim();
        using var healthyInside = new ManualResetEventSlim();
        var scratch = new byte[64];
        object? Healthy()
        {
            if (!healthyInside.IsSet)
            {
                healthyInside.Set();
                throwingCalled.Wait(TimeSpan.FromSeconds(5));
            }

            return scratch.Clone();
        }

        object? Throwing()
        {
            throwingCalled.Set();
            throw new InvalidOperationException("the throwing body's own fault");
        }

        var healthy = Task.Run(() => new BenchmarkDotNetMeasurer(TextWriter.Null, temp.File("healthy")).Measure(Healthy, MeasurementProfile.Smoke, "healthy"));
        var throwing = Task.Run(() =>
        {
            healthyInside.Wait(TimeSpan.FromSeconds(60));
            return new BenchmarkDotNetMeasurer(TextWriter.Null, temp.File("throwing")).Measure(Throwing, MeasurementProfile.Smoke, "throwing");
        });

        Assert.True((await healthy).MeanNs > 0);
        var fault = await Assert.ThrowsAsync<MeasurementException>(() => throwing);
        Assert.Equal("threw InvalidOperationException while measured: the throwing body's own fault", fault.Message);
    }
}
