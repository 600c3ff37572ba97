using SerBench.Core.Results;
using SerBench.Core.Verification;

namespace SerBench.Reports;

/// <summary>
/// The Native AOT label every table shows: the library's declared one, led by what the run measured when the contender
/// failed under Native AOT ("CRASH on net10.0-aot (declared safe)"), because a measured result beats a declared label.
/// </summary>
internal static class NativeAotLabel
{
    /// <summary>The outcomes that mean the contender did not work under Native AOT; UNAVAILABLE measured nothing.</summary>
    private static readonly VerificationStatus[] Failures = [VerificationStatus.Crash, VerificationStatus.Mismatch, VerificationStatus.Unsupported];

    /// <summary><paramref name="cells"/> with the label of every contender that failed under Native AOT replaced in all its cells.</summary>
    public static IReadOnlyList<ResultCell> Measured(IReadOnlyList<ResultCell> cells)
    {
        var failed = cells.Where(c => c.IsNativeAot && Failures.Contains(c.Status)).GroupBy(c => c.Contender).ToDictionary(
            g => g.Key,
            g => $"{string.Join("/", g.Select(c => c.StatusLabel).Distinct())} on {string.Join(", ", g.Select(c => c.Runtime).Distinct())}",
            StringComparer.Ordinal);
        return failed.Count == 0
            ? cells
            : [.. cells.Select(c => failed.TryGetValue(c.Contender, out var measured)
                ? c with { NativeAot = c.NativeAot is null ? measured : $"{measured} (declared {c.NativeAot})" }
                : c)];
    }
}
