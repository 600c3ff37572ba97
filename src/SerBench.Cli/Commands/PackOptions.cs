using System.CommandLine;
using SerBench.Core.Contenders;
using SerBench.Core.Running;
using SerBench.Running;

namespace SerBench.Cli.Commands;

/// <summary><c>--pack DIR</c> and <c>--package-source PATH_OR_URL</c>, both repeatable.</summary>
internal sealed class PackOptions
{
    public Option<string[]> Packs { get; } = new("--pack")
    {
        Description = "A folder with your own contender pack (pack.json + adapter .cs files; see docs/adding-a-library.md). Repeatable.",
        Arity = ArgumentArity.OneOrMore,
        AllowMultipleArgumentsPerToken = false,
    };

    public Option<string[]> Sources { get; } = new("--package-source")
    {
        Description = "An extra NuGet source (folder or https URL) for restoring packs, besides your NuGet configuration. Repeatable.",
        Arity = ArgumentArity.OneOrMore,
        AllowMultipleArgumentsPerToken = false,
    };

    public void AddTo(Command command)
    {
        command.Options.Add(Packs);
        command.Options.Add(Sources);
    }

    public IReadOnlyList<Contender> UserContenders(ParseResult parse) => RunOptionsParser.UserContenders(parse.GetValue(Packs) ?? []);

    /// <summary>A full path or an https URL; characters MSBuild would interpret, and plain http, are refused.</summary>
    public IReadOnlyList<string> PackageSources(ParseResult parse) => [.. (parse.GetValue(Sources) ?? []).Select(Source)];

    private static string Source(string value)
    {
        if (value.Length == 0 || HasMSBuildCharacters(value))
        {
            throw new UsageException($"Invalid --package-source '{value}': give a folder or an http(s) URL without ; $ @ % or quotes.");
        }

        if (Uri.TryCreate(value, UriKind.Absolute, out var uri) && uri.Scheme is "http" or "https")
        {
            // NuGet refuses plain http sources (NU1302) on every restore, and the failed agent would be cached: refused here, in one line.
            return uri.Scheme == "https" ? value
                : throw new UsageException($"--package-source '{value}': NuGet refuses plain http sources (NU1302); give the feed's https URL, or a folder of .nupkg files.");
        }

        var full = Path.GetFullPath(value);
        if (!Directory.Exists(full))
        {
            throw new UsageException($"--package-source '{value}' is neither an http(s) URL nor an existing folder. Give the folder that holds the .nupkg files, or the feed's URL.");
        }

        // The agent's build reads the full path, so a folder of the current directory's path is checked as well.
        return HasMSBuildCharacters(full)
            ? throw new UsageException($"--package-source '{value}' is the folder '{full}', whose path holds ; $ @ % or quotes that the agent's build would interpret. Move the .nupkg files to a folder without them.")
            : full;
    }

    private static bool HasMSBuildCharacters(string value) => value.IndexOfAny([';', '$', '@', '%', '"', '\n', '\r']) >= 0;
}
