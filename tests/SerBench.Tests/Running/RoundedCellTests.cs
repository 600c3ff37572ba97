using System.Collections.Immutable;
using SerBench.Core.Measurement;
using SerBench.Core.Payloads;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Sizes;
using SerBench.Core.Studies;
using SerBench.Core.Verification;
using SerBench.Running;

namespace SerBench.Tests.Running;

/// <summary>The one mapping from a child's rounds to the combined cell of results.json.</summary>
public sealed class RoundedCellTests
{
    private static readonly MeasurementProfile ThreeRounds = MeasurementProfile.Smoke with { Rounds = 3, MaximumRounds = 3 };

    // Every descriptive field a report shows, set, so that one the mapping drops shows up as a difference.
    private static readonly ResultCell Described = new()
    {
        Study = "json-vs-binary",
        Contender = "binary-utf8",
        Library = "SerBench",
        LibraryVersion = "SerBench 1.2.3",
        Format = "binary",
        TextMode = "utf8",
        Generation = "hand-written",
        NativeAot = "safe",
        Reference = true,
        Licence = "MIT",
        Note = "a note; output bytes vary between calls (same data)",
        Payload = "save-game",
        Shape = Shape.List,
        Count = 200,
        Operation = Operation.Serialize,
        Status = VerificationStatus.Ok,
        Reason = "a reason",
        PayloadBytes = 4096,
        Compressed = ImmutableDictionary<string, Compressed>.Empty.Add("gzip", new Compressed(1024, 5000)),
        Runtime = "net10.0",
        RuntimeVersion = "10.0.1",
    };

    private static CellRound Round(double meanNs, params double[] iterationsNs) => new(Described, new CellMeasurement
    {
        MeanNs = meanNs,
        ErrorNs = 1,
        StdDevNs = 0.5,
        MedianNs = meanNs,
        AllocatedBytes = 640,
        Gen0 = 0.25,
        Gen1 = 0.125,
        Gen2 = 0.0625,
        IterationsNs = iterationsNs,
    }, Seconds: 1);

    private static ResultCell Combine(MeasurementProfile profile, params CellRound[] rounds)
    {
        var cell = new RoundedCell(Described with { Baseline = "stj-sourcegen-utf8" }, Measured: false, new HashSet<int>());
        for (var i = 0; i < rounds.Length; i++)
        {
            cell.Add(rounds[i], process: i + 1);
        }

        return cell.Combine(null, profile);
    }

    [Fact]
    public void Combine_MeanIsTheMeanOfRoundMeans_NotTheMeanOfPooledIterations()
    {
        // One iteration at 100, three at 104, five at 108: pooled, their mean is 105.8; the rounds' means average 104.
        var cell = Combine(ThreeRounds, Round(100, 100), Round(104, 104, 104, 104), Round(108, 108, 108, 108, 108, 108));

        Assert.Equal(104, cell.MeanNs!.Value, 9);
        Assert.Equal([100.0, 104, 108], cell.RoundsNs!);
        Assert.Equal(108, cell.MedianNs!.Value, 9);
        Assert.Equal(9, cell.IterationsNs!.Count);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    public void Combine_KeepsEveryFieldOfTheChildsDescription_AndFillsEveryFigureAReportShows(int rounds)
    {
        var profile = rounds == 1 ? MeasurementProfile.Smoke : ThreeRounds;
        var cell = Combine(profile, [.. Enumerable.Range(0, rounds).Select(i => Round(100 + i, 100 + i, 101 + i))]);

        foreach (var property in typeof(ResultCell).GetProperties().Where(p => p.CanWrite && p.GetValue(Described) is not null and not false))
        {
            Assert.True(Equals(property.GetValue(Described), property.GetValue(cell)), property.Name);
        }

        Assert.Equal("stj-sourcegen-utf8", cell.Baseline);
        Assert.Equal((double)rounds, cell.Seconds!.Value);
        Assert.All(new[] { cell.MeanNs, cell.ErrorNs, cell.LowNs, cell.HighNs, cell.StdDevNs, cell.MedianNs, cell.Gen0, cell.Gen1, cell.Gen2 }, v => Assert.NotNull(v));
        Assert.Equal(640, cell.AllocatedBytes);
        Assert.NotEmpty(cell.IterationsNs!);
    }
}
