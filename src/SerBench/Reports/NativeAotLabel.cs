using SerBench.Core.Results;
using SerBench.Core.Verification;

namespace SerBench.Reports;

/// <summary>A measured Native AOT failure leads the declared label ("CRASH on net10.0-aot (declared safe)"): a measurement beats a declaration.</summary>
internal static class NativeAotLabel
{
    // UNAVAILABLE measured nothing.
    private static readonly VerificationStatus[] Failures = [VerificationStatus.Crash, VerificationStatus.Mismatch, VerificationStatus.Unsupported];

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
