using Perfolizer.Mathematics.SignificanceTesting.Base;
using Perfolizer.Mathematics.SignificanceTesting.MannWhitney;
using Perfolizer.Metrology;
using Pragmastat;

namespace SerBench.Comparison;

/// <summary>
/// The one-sided Mann–Whitney U test from Perfolizer (the statistics library behind BenchmarkDotNet): exact p-values
/// for small samples, an approximation for large ones.
/// </summary>
internal static class MannWhitney
{
    private static readonly MannWhitneyTest Test = new();

    /// <summary>p-value of "values in <paramref name="x"/> tend to be greater than those in <paramref name="y"/>".</summary>
    public static double PValueGreater(IReadOnlyList<double> x, IReadOnlyList<double> y) =>
        Test.GetPValue(new Sample([.. x]), new Sample([.. y]), AlternativeHypothesis.Greater, Threshold.Zero);
}
