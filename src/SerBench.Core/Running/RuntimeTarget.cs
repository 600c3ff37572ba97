using System.Globalization;
using System.Runtime.CompilerServices;

namespace SerBench.Core.Running;

/// <summary>
/// A runtime SerBench measures on: a .NET major version, compiled just in time or ahead of time (Native AOT). Written
/// into every cell as its <see cref="Name"/> (<c>net8.0</c>, <c>net9.0-aot</c>), the key runs and merges compare by.
/// </summary>
internal sealed record RuntimeTarget(int Major, bool Aot)
{
    /// <summary>The oldest .NET SerBench can build an agent for; the newest is the newest the installed SDK can target.</summary>
    public const int OldestMajor = 8;

    /// <summary>The target framework moniker: <c>net8.0</c>.</summary>
    public string Moniker => $"net{Major.ToString(CultureInfo.InvariantCulture)}.0";

    /// <summary>The name used on the command line and in results: the moniker, with <c>-aot</c> for Native AOT.</summary>
    public string Name => Aot ? Moniker + "-aot" : Moniker;

    /// <summary><c>jit</c> or <c>aot</c>, as results.json records it.</summary>
    public string Compilation => Aot ? "aot" : "jit";

    /// <summary>The runtime this process runs on: a Native AOT process cannot generate code at run time.</summary>
    public static RuntimeTarget Current { get; } = new(Environment.Version.Major, !RuntimeFeature.IsDynamicCodeSupported);

    /// <summary>True when this process is that runtime, so its cells can be measured here or in a copy of this process.</summary>
    public bool IsCurrent => this == Current;

    public override string ToString() => Name;

    /// <summary>A name given to <c>--runtimes</c>: any .NET from <see cref="OldestMajor"/> on, so a new major needs no change here.</summary>
    public static RuntimeTarget Parse(string name) =>
        TryParse(name.Trim().ToLowerInvariant()) is { Major: >= OldestMajor } runtime ? runtime
        : throw new UsageException($"Unknown runtime '{name}'. Give .NET {OldestMajor} or newer as netN.0, with -aot for Native AOT, e.g. net8.0, net10.0, net10.0-aot.");

    /// <summary>
    /// Refuses, before any agent is built, a runtime newer than the newest installed SDK can target (an SDK targets its own
    /// .NET and older ones); <paramref name="newestSdk"/> is null when unknown, and SerBench's own runtime needs no agent build.
    /// </summary>
    public static void RequireSdkFor(IEnumerable<RuntimeTarget> runtimes, Version? newestSdk)
    {
        if (newestSdk is not null && runtimes.FirstOrDefault(r => !r.IsCurrent && r.Major > newestSdk.Major) is { } runtime)
        {
            throw new UsageException($"--runtimes {runtime.Name}: its agent needs the .NET {runtime.Major} SDK or newer, and the newest SDK installed is {newestSdk}; " +
                                     $"install the .NET {runtime.Major} SDK or leave {runtime.Name} out.");
        }
    }

    /// <summary>The runtime of a cell read from a file, or null when the text is not a runtime name.</summary>
    public static RuntimeTarget? TryParse(string? name)
    {
        if (name is null)
        {
            return null;
        }

        var aot = name.EndsWith("-aot", StringComparison.Ordinal);
        var moniker = aot ? name[..^4] : name;
        return moniker.StartsWith("net", StringComparison.Ordinal) && moniker.EndsWith(".0", StringComparison.Ordinal)
               && int.TryParse(moniker.AsSpan(3, moniker.Length - 5), NumberStyles.None, CultureInfo.InvariantCulture, out var major) && major is > 0 and < 100
            ? new RuntimeTarget(major, aot)
            : null;
    }

    /// <summary>
    /// The runtime named by a schema-1 file's environment (<c>.NET 10.0.0</c>): those files were measured on the runtime
    /// SerBench ran on, just in time.
    /// </summary>
    public static RuntimeTarget? FromDescription(string description)
    {
        var match = System.Text.RegularExpressions.Regex.Match(description, @"(?<![\d.])(\d{1,2})\.\d+");
        return match.Success ? new RuntimeTarget(int.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture), false) : null;
    }
}
