using System.Text.Json;
using System.Text.RegularExpressions;
using SerBench.Core.Packs;

namespace SerBench.AgentBuilds;

internal static class BuildOutput
{
    // "/x/serbench-agent.csproj : error NU1101: Unable to find package Jil. No packages exist with this id in source(s): a, b [/x/serbench-agent.csproj]"
    private static readonly Regex ErrorLine = new(@"(?:^|\s)(?:(?<file>[^\s:][^:]*?)(?:\((?<pos>\d+,\d+)\))?\s*:\s*)?error(?: (?<code>[A-Z]+\d+))?\s*:\s*(?<text>.*?)(?:\s+\[[^\]]+\])?\s*$",
        RegexOptions.CultureInvariant);

    public static List<string> RestoreErrors(string output) => Errors(output, restore: true);

    public static List<string> CompileErrors(string output) => Errors(output, restore: false);

    public static List<string> Errors(string output, bool restore)
    {
        var errors = new List<string>();
        foreach (var line in output.Split('\n'))
        {
            var match = ErrorLine.Match(line.TrimEnd('\r'));
            if (!match.Success)
            {
                continue;
            }

            var file = match.Groups["file"].Value.Replace('\\', '/');
            var packIndex = file.IndexOf($"/{PackCatalog.AgentFolder}/", StringComparison.Ordinal);
            var where = restore || file.Length == 0 ? ""
                : (packIndex >= 0 ? file[(packIndex + 1)..] : Path.GetFileName(file)) + (match.Groups["pos"].Success ? $"({match.Groups["pos"].Value})" : "") + ": ";
            var code = match.Groups["code"].Success ? match.Groups["code"].Value + ": " : "";
            var text = $"{where}{code}{match.Groups["text"].Value}";
            if (!errors.Contains(text))
            {
                errors.Add(text);
            }
        }

        return errors;
    }

    public static string FirstLines(string output) =>
        string.Join(" ", output.Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0).Take(3));

    /// <summary><c>does not compile: x.cs(3,4): CS0246: … (+2 more)</c></summary>
    public static string Summary(IReadOnlyList<string> errors, PackBuildStatus status)
    {
        var first = errors.Count > 0 ? errors[0] : "(no message)";
        var more = errors.Count > 1 ? $" (+{errors.Count - 1} more)" : "";
        return (status == PackBuildStatus.RestoreFailed ? "restore failed: " : "does not compile: ") + first + more;
    }

    // "/x/Foo.cs(3,4): warning IL2026: Using member '…' which has 'RequiresUnreferencedCodeAttribute' … [/x/serbench-agent.csproj]"
    private static readonly Regex TrimWarning = new(@"warning (?<code>IL\d{4}):\s*(?<text>.*?)(?:\s+\[[^\]]+\])?\s*$", RegexOptions.CultureInvariant);

    public static List<string> Warnings(string output) =>
        [.. output.Split('\n').Select(line => TrimWarning.Match(line.TrimEnd('\r'))).Where(m => m.Success)
            .Select(m => $"{m.Groups["code"].Value}: {m.Groups["text"].Value}").Distinct().Take(200)];

    public static Dictionary<string, string> RestoredVersions(string assetsPath)
    {
        var versions = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        if (!File.Exists(assetsPath))
        {
            return versions;
        }

        using var document = JsonDocument.Parse(File.ReadAllBytes(assetsPath));
        if (document.RootElement.TryGetProperty("libraries", out var libraries))
        {
            foreach (var library in libraries.EnumerateObject())
            {
                var slash = library.Name.IndexOf('/', StringComparison.Ordinal);
                if (slash > 0 && library.Value.TryGetProperty("type", out var type) && type.GetString() == "package")
                {
                    versions[library.Name[..slash]] = library.Name[(slash + 1)..];
                }
            }
        }

        return versions;
    }
}
