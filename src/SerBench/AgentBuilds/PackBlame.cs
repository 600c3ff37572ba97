using System.Text.RegularExpressions;
using SerBench.Core.Packs;
using static SerBench.AgentBuilds.BuildOutput;

namespace SerBench.AgentBuilds;

internal static class PackBlame
{
    /// <summary>Leaves out the packs the errors name (by package id or path); when none is named (a transitive dependency, generated code), each pack is tried alone.</summary>
    public static void Blame(PackBuildStatus status, IReadOnlyList<string> errors, IReadOnlyList<Pack> packs, string[] slugs, List<int> included,
        Dictionary<int, (PackBuildStatus, string)> failed, Func<int, DotnetOutcome> alone)
    {
        var blamed = included.Where(i => Mentions(errors, packs[i], slugs[i]).Any()).ToList();
        foreach (var i in blamed)
        {
            failed[i] = (status, Summary(Mentions(errors, packs[i], slugs[i]).ToList(), status));
        }

        if (blamed.Count == 0)
        {
            foreach (var i in included.ToList())
            {
                var outcome = alone(i);
                if (outcome.ExitCode != 0)
                {
                    var own = status == PackBuildStatus.RestoreFailed ? RestoreErrors(outcome.Output) : CompileErrors(outcome.Output);
                    failed[i] = (status, Summary(own.Count > 0 ? own : errors.Count > 0 ? errors : [FirstLines(outcome.Output)], status));
                    blamed.Add(i);
                }
            }
        }

        if (blamed.Count == 0)
        {
            // Every pack builds alone but not together: say so on all of them rather than loop.
            foreach (var i in included)
            {
                failed[i] = (status, "builds alone but not together with the other packs: " + Summary(errors, status));
                blamed.Add(i);
            }
        }

        included.RemoveAll(blamed.Contains);
    }

    public static IEnumerable<string> Mentions(IReadOnlyList<string> errors, Pack pack, string slug) => errors.Where(error =>
        error.Contains($"{PackCatalog.AgentFolder}/{slug}/", StringComparison.Ordinal)
        || pack.Manifest.Packages.Any(p => Regex.IsMatch(error, $@"(?<![\w.]){Regex.Escape(p.Id)}(?![\w]|\.\w)", RegexOptions.IgnoreCase)));

    /// <summary>A failure naming no pack while models are in the build is the models': rebuilding pack by pack takes minutes and finds nothing.</summary>
    public static string? ModelFailure(bool hasModels, IReadOnlyList<string> errors, string output, IReadOnlyList<Pack> packs, string[] slugs, List<int> included)
    {
        var inModels = errors.Where(e => e.StartsWith("model-", StringComparison.Ordinal)).ToList();
        if (!hasModels || (inModels.Count == 0 && included.Any(i => Mentions(errors, packs[i], slugs[i]).Any())))
        {
            return null;
        }

        return "the models inferred from your documents do not compile: " +
               Summary(inModels.Count > 0 ? inModels : errors.Count > 0 ? errors : [FirstLines(output) is { Length: > 0 } lines ? lines : "the compiler stopped without a message"],
                   PackBuildStatus.CompileFailed);
    }
}
