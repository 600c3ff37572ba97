using System.Reflection;
using SerBench.Core.Contenders;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Running;

namespace SerBench.Results;

/// <summary>The header of results.json (everything but the cells), and the tool that writes it.</summary>
internal static class ResultsHeader
{
    public static ToolInfo Tool { get; } = CreateTool();

    public static ResultsDocument NewDocument(RunRequest request, IReadOnlyList<PlannedCase> plan, string commandLine, DateTimeOffset startedAt)
    {
        var packages = new SortedDictionary<string, string>(StringComparer.Ordinal)
        {
            ["BenchmarkDotNet"] = Contender.VersionOf(typeof(BenchmarkDotNet.Running.BenchmarkRunner).Assembly),
            ["Bogus"] = Contender.VersionOf(typeof(Bogus.Faker).Assembly),
        };
        // Only libraries that are loaded: an unavailable one, or a version whose agent failed, has no version (its reason is in its cells).
        var failedVersions = plan.Where(p => p is { Contender: VersionedContender, Runtime.IsCurrent: true, RuntimeUnavailableReason: not null }).Select(p => p.Contender);
        foreach (var contender in plan.Select(p => p.Contender).Distinct().Where(c => c.UnavailableReason is null).Except(failedVersions))
        {
            // Two versions of one library side by side (name@version) are both listed.
            packages[contender.Library] = !packages.TryGetValue(contender.Library, out var other) ? contender.LibraryVersion
                : other.Split(", ").Contains(contender.LibraryVersion) ? other
                : $"{other}, {contender.LibraryVersion}";
        }

        return new ResultsDocument
        {
            Tool = Tool,
            Command = commandLine,
            Profile = request.Profile.Name,
            StartedAt = startedAt,
            Environment = EnvironmentProbe.Capture(measuring: true),
            Packages = packages,
            Studies = [.. request.Studies.Where(s => plan.Any(p => p.Study == s)).Select(StudyDefinition.From)],
        };
    }

    private static ToolInfo CreateTool()
    {
        var informational = typeof(ResultsHeader).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? "0.0.0";
        var plus = informational.IndexOf('+', StringComparison.Ordinal);
        return plus < 0
            ? new ToolInfo("SerBench", informational, null)
            : new ToolInfo("SerBench", informational[..plus], informational[(plus + 1)..]);
    }
}
