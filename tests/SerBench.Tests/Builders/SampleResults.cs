using System.Collections.Immutable;
using SerBench.Core.Payloads;
using SerBench.Core.Results;
using SerBench.Core.Sizes;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Tests.Builders;

/// <summary>Hand-made results documents for report and compare tests (no measuring).</summary>
internal static class SampleResults
{
    public const string HostileReason = "threw InvalidOperationException: <script>alert('pwned')</script> & more";

    public static ResultCell Cell(string contender, double? meanNs, VerificationStatus status = VerificationStatus.Ok, double errorFraction = 0.02, Operation operation = Operation.Serialize,
        int count = 200, string? reason = null, long allocated = 1000, double[]? iterations = null) => new()
    {
        Study = "web-api",
        Contender = contender,
        Library = contender.StartsWith("newtonsoft", StringComparison.Ordinal) ? "Newtonsoft.Json" : "System.Text.Json",
        LibraryVersion = "1.0",
        Format = "json",
        TextMode = "utf8",
        Generation = "reflection",
        NativeAot = "not-safe",
        Licence = "MIT",
        Payload = "person",
        Shape = Shape.List,
        Count = count,
        Operation = operation,
        Status = status,
        Reason = reason,
        MeanNs = meanNs,
        ErrorNs = meanNs * errorFraction,
        AllocatedBytes = meanNs is null ? null : allocated,
        PayloadBytes = meanNs is null ? null : 187_000,
        Compressed = meanNs is null ? ImmutableDictionary<string, Compressed>.Empty : new Dictionary<string, Compressed>
        {
            ["gzip"] = new(60_000, 2_100_000), ["brotli"] = new(50_000, 3_400_000), ["zstd"] = new(52_000, 900_000), ["lz4"] = new(95_000, 250_000),
        }.ToImmutableDictionary(),
        Baseline = "newtonsoft-string",
        IterationsNs = iterations ?? (meanNs is { } m ? [m * 0.99, m, m * 1.01, m * 0.995, m * 1.005] : null),
    };

    public static ResultsDocument Document(params ResultCell[] cells)
    {
        var document = new ResultsDocument
        {
            Tool = new ToolInfo("SerBench", "0.1.0", "abc123"),
            Command = "serbench run --study web-api",
            Profile = "quick",
            StartedAt = new DateTimeOffset(2026, 11, 22, 10, 0, 0, TimeSpan.Zero),
            FinishedAt = new DateTimeOffset(2026, 11, 22, 10, 2, 0, TimeSpan.Zero),
            Environment = new EnvironmentInfo
            {
                Os = "Linux", CpuModel = "Test CPU", LogicalCores = 2, Runtime = ".NET 10.0.0", Architecture = "x64", GcMode = "workstation",
                TieredCompilation = "default", TieredPgo = "default", BuildConfiguration = "Release", MeasurementEngine = "BenchmarkDotNet",
            },
            Packages = new SortedDictionary<string, string>(StringComparer.Ordinal) { ["Newtonsoft.Json"] = "13.0.4" },
        };
        document.Cells.AddRange(cells);
        return document;
    }

    /// <summary>Newtonsoft baseline, two tied STJ contenders, a clear winner, and a CRASH with hostile text.</summary>
    public static ResultsDocument WebApiWithCrash() => Document(
        Cell("newtonsoft-string", 744_000, allocated: 867_000),
        Cell("stj-reflection-utf8", 359_000, allocated: 187_000),
        Cell("stj-sourcegen-utf8", 288_000, allocated: 187_000),
        Cell("stj-handwritten", 290_000, allocated: 187_000),
        Cell("broken-one", null, status: VerificationStatus.Crash, reason: HostileReason));
}
