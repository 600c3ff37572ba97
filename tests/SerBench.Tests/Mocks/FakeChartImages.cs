using SerBench.Reports;

namespace SerBench.Tests.Mocks;

/// <summary>Draws no chart image: keeps tests that write many reports from starting Node.js each time.</summary>
internal sealed class NoChartImages : IChartImageRenderer
{
    public static readonly NoChartImages Instance = new();

    public (IReadOnlySet<string> Rendered, string? Note) Render(IReadOnlyList<ChartSpec> charts, string chartsDirectory, CancellationToken stop) => (new HashSet<string>(), null);
}

/// <summary>Fails the way a full disk would, part-way through writing the reports.</summary>
internal sealed class FailingChartImages : IChartImageRenderer
{
    public static readonly FailingChartImages Instance = new();

    public (IReadOnlySet<string> Rendered, string? Note) Render(IReadOnlyList<ChartSpec> charts, string chartsDirectory, CancellationToken stop) =>
        throw new IOException("No space left on device");
}
