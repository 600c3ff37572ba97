using System.Runtime.CompilerServices;
using SerBench.Core.Results;
using SerBench.Reports;

namespace SerBench.Tests.Reports;

/// <summary>Issue 44 item 12: a report of 100,000 cells ran for minutes, ignored Ctrl+C and SIGTERM, and left its staging folder when killed.</summary>
public sealed class LargeReportTests : IDisposable
{
    private readonly TempDirectory _root = new();

    public void Dispose() => _root.Dispose();

    [Fact]
    public void AStopWhileAnExporterRenders_EndsItWithinALine()
    {
        using var stop = new CancellationTokenSource();
        using var inner = new CancellingWriter(stop, afterLines: 50);
        using var writer = new StoppableWriter(inner, stop.Token);

        Assert.Throws<OperationCanceledException>(() => new MarkdownReportExporter().Export(RunSummary.Of(LargeResults.Document(2_000)), writer));

        Assert.Equal(50, inner.Lines);
    }

    [Fact]
    public void ALargeFile_GetsImagesOfEveryStudyChart_AndOfItsFirstCasesOnly()
    {
        var charts = ChartSpecs.Build(RunSummary.Of(LargeResults.Document(20_000)));

        var drawn = SvgChartRenderer.Drawn(charts);

        Assert.True(charts.Count > SvgChartRenderer.MostImages, $"{charts.Count} charts");
        Assert.Equal(SvgChartRenderer.MostImages, drawn.Count);
        Assert.Subset(drawn.ToHashSet(), charts.Where(c => !c.Id.EndsWith(ChartSpecs.CaseChartSuffix, StringComparison.Ordinal)).ToHashSet());
        Assert.Equal(charts.Where(drawn.Contains), drawn);
        var few = charts.Take(SvgChartRenderer.MostImages).ToList();
        Assert.Same(few, SvgChartRenderer.Drawn(few));
    }

    [Fact]
    public void AStopWhileTheChartsAreDrawn_LeavesThePreviousReportsAndNoStagingFolder()
    {
        var document = LargeResults.Document(2_000);
        ReportWriterTests.Write(document, _root.Path, NoChartImages.Instance);
        var before = Directory.GetFiles(_root.Path, "*", SearchOption.AllDirectories).Where(f => !f.EndsWith(".serbench.json", StringComparison.Ordinal)).ToDictionary(f => f, File.ReadAllText);
        using var stop = new CancellationTokenSource();

        Assert.Throws<OperationCanceledException>(() => ReportWriterTests.Write(document, _root.Path, new StoppingChartImages(stop), stop.Token));

        Assert.Empty(Directory.GetDirectories(_root.Path, ".serbench-staging-*"));
        Assert.Equal(before, Directory.GetFiles(_root.Path, "*", SearchOption.AllDirectories).Where(f => !f.EndsWith(".serbench.json", StringComparison.Ordinal)).ToDictionary(f => f, File.ReadAllText));
    }

    [Fact]
    public void AStopBeforeTheSummaryIsBuilt_IsNotIgnored()
    {
        var document = LargeResults.Document(2_000);

        Assert.Throws<OperationCanceledException>(() => RunSummary.Of(document, new CancellationToken(canceled: true)));
        Assert.Throws<OperationCanceledException>(() => ChartSpecs.Build(RunSummary.Of(document), new CancellationToken(canceled: true)));
    }

    /// <summary>SIGTERM while a large report is written: Node.js is stopped with it, exit 143 within seconds, no staging folder (it drew for up to 2 min before).</summary>
    [SignalFact("TERM")]
    [Trait("Category", "Slow")]
    public async Task SigTermWhileALargeReportIsWritten_StopsItWithinSeconds_AndLeavesNoStagingFolder()
    {
        var results = _root.File("results.json");
        LargeResults.Write(LargeResults.Document(20_000), results);
        var output = _root.File("out");
        using var process = ChildSerBench.Start((string?)null, "report", results, "--out", output);
        var error = process.StandardError.ReadToEndAsync();
        _ = process.StandardOutput.ReadToEndAsync();
        var seen = ChildSerBench.WaitForStaging(process, output);
        await ChildSerBench.Signal(process, "TERM");
        var stopped = System.Diagnostics.Stopwatch.StartNew();
        await process.WaitForExitAsync();

        Assert.True(seen, "the report ended before the signal could be sent: " + await error);
        Assert.Equal((143, $"serbench: stopped by SIGTERM; the reports in '{output}' are unchanged."), (process.ExitCode, (await error).TrimEnd()));
        Assert.True(stopped.Elapsed < TimeSpan.FromSeconds(20), $"ended {stopped.Elapsed} after the signal");
        Assert.False(Directory.Exists(output) && Directory.EnumerateFileSystemEntries(output).Any(), "the stopped report left files");
    }

    /// <summary>
    /// Not timed: counts how often the reports read a slice's cells. Linear rendering reads each a fixed number of times, so
    /// four times the cells cost four times the reads; a search of the slice per case or per missing row cost 12× (issue 44 item 12).
    /// </summary>
    [Fact]
    public void ReadsOfASlicesCells_GrowLinearly_WithTheCells()
    {
        var (small, large) = (ReadsToRender(1_600), ReadsToRender(6_400));

        Assert.InRange((double)large / small, 3.5, 4.5);
    }

    // Charts, report.md and report.html from a summary whose slices count every read of their cells.
    private static long ReadsToRender(int cells)
    {
        var reads = new StrongBox<long>();
        var summary = RunSummary.Of(LargeResults.Document(cells));
        StudySlice Counted(StudySlice slice) => slice with { Cells = new CountingList(slice.Cells, reads) };
        summary = summary with
        {
            Studies = [.. summary.Studies.Select(s => s with { Slices = [.. s.Slices.Select(Counted)] })],
            Verdict = summary.Verdict with { Studies = [.. summary.Verdict.Studies.Select(v => v with { Slice = Counted(v.Slice) })] },
        };

        var charts = ChartSpecs.Build(summary);
        foreach (var exporter in (IReportExporter[])[new MarkdownReportExporter(charts), new HtmlReportExporter(charts)])
        {
            exporter.Export(summary, TextWriter.Null);
        }

        return reads.Value;
    }

    /// <summary>Writes a large results file for timing report by hand: SERBENCH_LARGE_RESULTS=path:cells (docs/performance.md).</summary>
    [Fact]
    public void WriteALargeResultsFile_WhenAsked()
    {
        var asked = Environment.GetEnvironmentVariable("SERBENCH_LARGE_RESULTS") ?? "";
        var colon = asked.LastIndexOf(':');
        Assert.SkipWhen(colon <= 0, "Set SERBENCH_LARGE_RESULTS=path:cells to write one.");

        LargeResults.Write(LargeResults.Document(int.Parse(asked[(colon + 1)..], System.Globalization.CultureInfo.InvariantCulture)), asked[..colon]);
    }

    private sealed class CountingList(IReadOnlyList<ResultCell> cells, StrongBox<long> reads) : IReadOnlyList<ResultCell>
    {
        public int Count => cells.Count;

        public ResultCell this[int index]
        {
            get
            {
                reads.Value++;
                return cells[index];
            }
        }

        public IEnumerator<ResultCell> GetEnumerator()
        {
            foreach (var cell in cells)
            {
                reads.Value++;
                yield return cell;
            }
        }

        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }

    // Cancels its source once it has written so many lines, as a signal arriving mid-report would.
    private sealed class CancellingWriter(CancellationTokenSource stop, int afterLines) : StringWriter
    {
        public int Lines { get; private set; }

        public override void WriteLine(string? value)
        {
            base.WriteLine(value);
            if (++Lines == afterLines)
            {
                stop.Cancel();
            }
        }
    }

    // A signal that arrives while Node.js draws: the renderer itself notices and throws.
    private sealed class StoppingChartImages(CancellationTokenSource stop) : IChartImageRenderer
    {
        public (IReadOnlySet<string> Rendered, string? Note) Render(IReadOnlyList<ChartSpec> charts, string chartsDirectory, CancellationToken token)
        {
            stop.Cancel();
            token.ThrowIfCancellationRequested();
            return (new HashSet<string>(), null);
        }
    }
}
