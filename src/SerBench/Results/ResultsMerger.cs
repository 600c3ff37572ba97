using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;
using SerBench.Core.Results;
using SerBench.Core.Running;

namespace SerBench.Results;

internal sealed record MergeInput(string File, ResultsDocument Document);

/// <summary>Nothing is averaged: every cell names its machine, and two runs on one machine stay two sources ("… · run 1", "… · run 2").</summary>
internal static partial class ResultsMerger
{
    /// <summary>The merged file's profile when its runs used different ones.</summary>
    public const string MixedProfile = "mixed";

    // Labels head report sections, so each part taken from a file (OS, architecture, CPU model) is shortened.
    private const int MaxLabelPart = 48;

    private const int MaxLabel = 200;

    /// <exception cref="UsageException">Fewer than two inputs, or one run given twice.</exception>
    public static ResultsDocument Merge(IReadOnlyList<MergeInput> inputs, ToolInfo tool, string command)
    {
        if (inputs.Count < 2)
        {
            throw new UsageException($"merge needs at least two results files; got {inputs.Count}.");
        }

        var runs = inputs.SelectMany(RunsOf).ToList();
        RefuseRepeatedRuns(runs);
        var labels = Labels(runs);
        var sources = runs.Select((run, i) => run.Source with { Machine = labels[i] }).ToList();
        var first = inputs[0].Document;
        var methods = sources.Select(s => s.Method).Distinct().ToList();
        return new ResultsDocument
        {
            Tool = tool,
            Command = command,
            Profile = sources.Select(s => s.Profile).Distinct(StringComparer.Ordinal).Count() == 1 ? sources[0].Profile : MixedProfile,
            StartedAt = sources.Min(s => s.StartedAt),
            FinishedAt = inputs.Max(i => i.Document.FinishedAt),
            // The header describes the first file; every run's own environment is in its source.
            Environment = first.Environment,
            Packages = Packages(inputs),
            Studies = Studies(inputs),
            Method = methods.Count == 1 ? methods[0] : null,
            // Ratios stay against each run's own baseline (across machines they would measure the machines); machine facts stay in the sources.
            Cells = [.. inputs.SelectMany(input => CellsOf(input, runs, labels))],
            Sources = sources,
        };
    }

    /// <summary>The label of a run's machine: OS, architecture, CPU model, cores (e.g. <c>Ubuntu 24.04.3 LTS x64 · AMD EPYC 7763 64-Core Processor · 4 cores</c>), one line, shortened.</summary>
    public static string DescribeMachine(EnvironmentInfo environment)
    {
        // macOS describes itself with the whole kernel banner ("Darwin 23.6.0 Darwin Kernel Version 23.6.0: Mon Jul 29 …").
        var os = environment.Os.Split(':', ';')[0];
        var cores = environment.LogicalCores == 1 ? "1 core" : environment.LogicalCores.ToString(CultureInfo.InvariantCulture) + " cores";
        return $"{OneLine(os, MaxLabelPart)} {OneLine(environment.Architecture, MaxLabelPart)} · {OneLine(environment.CpuModel, MaxLabelPart)} · {cores}";
    }

    /// <summary>A plain results file is one run; a merged file holds one per source (Label null for a plain file).</summary>
    private sealed record Run(MergeInput Input, ResultsSource Source, string? Label);

    private static IEnumerable<Run> RunsOf(MergeInput input)
    {
        var document = input.Document;
        if (document.Sources is not { } sources)
        {
            return
            [
                new Run(input, new ResultsSource(DescribeMachine(document.Environment), input.File, document.Tool, document.Command, document.Profile,
                    document.StartedAt, document.Environment, document.Agent, document.FinishedAt, document.Method, document.Calibration,
                    document.MachineProbes, document.RuntimeAgents, document.Packages, document.VersionAgents), null),
            ];
        }

        return sources.Select(source => new Run(input, source with { File = $"{source.File} (via {input.File})" }, source.Machine));
    }

    // A run given twice would count its measurements twice: exactly the silent weighting merge must not do.
    private static void RefuseRepeatedRuns(IReadOnlyList<Run> runs)
    {
        var seen = new Dictionary<(DateTimeOffset, string, string), Run>();
        foreach (var run in runs)
        {
            var identity = (run.Source.StartedAt, run.Source.Command, DescribeMachine(run.Source.Environment));
            if (seen.TryGetValue(identity, out var earlier))
            {
                throw new UsageException($"'{run.Input.File}' holds the same run as '{earlier.Input.File}' (started {run.Source.StartedAt.ToString("O", CultureInfo.InvariantCulture)} " +
                                         $"on {identity.Item3}); its cells would count twice. Give each run once.");
            }

            seen.Add(identity, run);
        }
    }

    /// <summary>Each run keeps its label unless another run shares it; then those are numbered in command-line order, "… · run 1", "… · run 2".</summary>
    private static List<string> Labels(IReadOnlyList<Run> runs)
    {
        var wanted = runs.Select(r => r.Label is { } label ? OneLine(label, MaxLabel) : DescribeMachine(r.Source.Environment)).ToList();
        // A merged input's numbered labels join the numbering again, so merging merges numbers every run of a machine once.
        var machines = wanted.Select(l => RunNumber().Replace(l, "")).ToList();
        var shared = machines.GroupBy(m => m, StringComparer.Ordinal).Where(g => g.Count() > 1).Select(g => g.Key).ToHashSet(StringComparer.Ordinal);
        var used = new HashSet<string>(StringComparer.Ordinal);
        var numbers = new Dictionary<string, int>(StringComparer.Ordinal);
        var labels = new List<string>(runs.Count);
        for (var i = 0; i < runs.Count; i++)
        {
            var label = wanted[i];
            if (shared.Contains(machines[i]) || !used.Add(label))
            {
                // The loop only repeats for labels crafted to look numbered; every label in a file must name one source.
                do
                {
                    numbers[machines[i]] = numbers.GetValueOrDefault(machines[i]) + 1;
                    label = $"{machines[i]} · run {numbers[machines[i]].ToString(CultureInfo.InvariantCulture)}";
                }
                while (!used.Add(label));
            }

            labels.Add(label);
        }

        return labels;
    }

    private static IEnumerable<ResultCell> CellsOf(MergeInput input, IReadOnlyList<Run> runs, IReadOnlyList<string> labels)
    {
        var relabel = new Dictionary<string, string>(StringComparer.Ordinal);
        string? only = null;
        for (var i = 0; i < runs.Count; i++)
        {
            if (ReferenceEquals(runs[i].Input, input))
            {
                if (runs[i].Label is { } old)
                {
                    relabel.TryAdd(old, labels[i]);
                }
                else
                {
                    only = labels[i];
                }
            }
        }

        return input.Document.Cells.Select(cell => cell with
        {
            Machine = only ?? (cell.Machine is { } machine && relabel.TryGetValue(machine, out var label)
                ? label
                : throw new ArgumentException($"'{input.File}': cell {cell.Key} names machine '{cell.Machine}', which is not one of its sources.", nameof(input))),
        });
    }

    /// <summary>Library → version over all files; a library loaded at different versions lists each ("13.0.3, 13.0.4").</summary>
    private static SortedDictionary<string, string> Packages(IReadOnlyList<MergeInput> inputs)
    {
        var versions = new SortedDictionary<string, List<string>>(StringComparer.Ordinal);
        foreach (var (library, version) in inputs.SelectMany(i => i.Document.Packages))
        {
            var list = versions.TryGetValue(library, out var known) ? known : versions[library] = [];
            list.AddRange(version.Split(", ").Where(v => !list.Contains(v, StringComparer.Ordinal)));
        }

        return new SortedDictionary<string, string>(versions.ToDictionary(p => p.Key, p => string.Join(", ", p.Value)), StringComparer.Ordinal);
    }

    /// <summary>With every file's contenders, or the reports would drop cells measured on one machine only; null when no file recorded studies.</summary>
    private static List<StudyDefinition>? Studies(IReadOnlyList<MergeInput> inputs)
    {
        if (inputs.All(i => i.Document.Studies is null))
        {
            return null;
        }

        var studies = new List<StudyDefinition>();
        foreach (var study in inputs.SelectMany(i => i.Document.Studies ?? []))
        {
            var index = studies.FindIndex(s => s.Name == study.Name);
            if (index < 0)
            {
                studies.Add(study);
                continue;
            }

            var kept = studies[index];
            studies[index] = kept with
            {
                Contenders = Union(kept.Contenders, study.Contenders),
                Sections =
                [
                    .. kept.Sections.Select(s => study.Sections.FirstOrDefault(o => o.Title == s.Title) is { } same ? s with { Contenders = Union(s.Contenders, same.Contenders) } : s),
                    .. study.Sections.Where(o => kept.Sections.All(s => s.Title != o.Title)),
                ],
            };
        }

        return studies;
    }

    private static List<string> Union(IReadOnlyList<string> first, IReadOnlyList<string> second) => [.. first.Union(second, StringComparer.Ordinal)];

    private static string OneLine(string text, int max)
    {
        var line = new StringBuilder(text.Length);
        foreach (var c in text)
        {
            if (!char.IsWhiteSpace(c) && !char.IsControl(c))
            {
                line.Append(c);
            }
            else if (line.Length > 0 && line[^1] != ' ')
            {
                line.Append(' ');
            }
        }

        var result = line.ToString().TrimEnd();
        return result.Length == 0 ? "unknown" : result.Length > max ? result[..(max - 1)].TrimEnd() + "…" : result;
    }

    [GeneratedRegex(@" · run \d+$")]
    private static partial Regex RunNumber();
}
