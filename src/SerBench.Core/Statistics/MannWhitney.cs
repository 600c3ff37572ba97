using Perfolizer.Mathematics.SignificanceTesting.Base;
using Perfolizer.Mathematics.SignificanceTesting.MannWhitney;
using Perfolizer.Metrology;
using Pragmastat;

namespace SerBench.Core.Statistics;

/// <summary>The one-sided Mann–Whitney U test from Perfolizer (BenchmarkDotNet's statistics): exact for small samples.</summary>
internal static class MannWhitney
{
    private static readonly MannWhitneyTest Test = new();

    public static double PValueGreater(IReadOnlyList<double> x, IReadOnlyList<double> y) =>
        Test.GetPValue(new Sample([.. x]), new Sample([.. y]), AlternativeHypothesis.Greater, Threshold.Zero);
}
