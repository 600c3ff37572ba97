using System.Globalization;
using System.Text.Json;
using SerBench.Conformance;
using SerBench.Contenders;
using SerBench.Packs;
using SerBench.Results;
using SerBench.Running;

namespace SerBench.Cli;

/// <summary>
/// Runs conformance documents through one contender in a child process, through a conformance <see cref="AgentRequest"/>:
/// the agent built from the packs for a pack's contender, SerBench itself for a built-in one. Each child gets a folder
/// of its own under <paramref name="directory"/> (request, answer, console output), kept for a reader who wonders.
/// </summary>
internal sealed class ConformanceChildProcess(string directory, ConformanceSuite suite, AgentBuild? agent) : IConformanceChild
{
    private int _launched;

    public ConformanceChildAnswer Run(Contender contender, IReadOnlyList<ConformanceDocument> documents)
    {
        var folder = Path.Combine(directory, (++_launched).ToString("000", CultureInfo.InvariantCulture) + "-" + OutputFolder.Slug(contender.Name));
        var request = AgentRequest.ForConformance(contender.Name, [.. documents.Select(d => d.Name)], suite.Paths);
        // Start-up, plus a generous allowance per document and per megabyte: a library that takes longer is hung.
        var timeout = TimeSpan.FromSeconds(30 + (5 * documents.Count) + (documents.Sum(d => (double)d.Utf8.Length) / 100_000));
        var answer = AgentProcess.Run(request, folder, timeout, CancellationToken.None, contender is PackContender, agent);
        return new ConformanceChildAnswer(Read(Path.Combine(folder, "conformance.json")), answer.Failure);
    }

    private static ConformanceReport? Read(string path)
    {
        try
        {
            using var stream = File.OpenRead(path);
            return ConformanceReport.Read(stream);
        }
        catch (Exception exception) when (exception is IOException or JsonException)
        {
            return null; // The child died before its first save.
        }
    }
}
