using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.RegularExpressions;
using SerBench.Core.Contenders;

namespace SerBench.Core.Packs;

/// <summary><paramref name="Version"/> is exact or a NuGet range.</summary>
internal sealed record PackPackage(string Id, string Version);

internal sealed record PackContenderInfo
{
    /// <summary>Kebab-case, unique across SerBench.</summary>
    public required string Name { get; init; }

    public required PayloadFormat Format { get; init; }

    public required TextMode TextMode { get; init; }

    public required Generation Generation { get; init; }

    /// <summary>As the library documents it; when absent, follows from <see cref="Generation"/>.</summary>
    public AotSupport? NativeAot { get; init; }

    /// <summary>A label that must travel with every number (transcoding, per-call scopes, copies).</summary>
    public string? Note { get; init; }
}

/// <summary><c>pack.json</c>, read strictly: its values end up in a generated project file, file names and reports.</summary>
internal sealed record PackManifest
{
    public const string FileName = "pack.json";

    public required string Library { get; init; }

    // Settable, not init-only: source-generated metadata sets a missing init-only property to null, losing the default.
    public string Licence { get; set; } = "unknown";

    public IReadOnlyList<PackPackage> Packages { get; set; } = [];

    public required IReadOnlyList<PackContenderInfo> Contenders { get; init; }

    /// <summary>The pack's source generator adds static constructors to SerBench's payload models (MemoryPack's registration): its first calls count them.</summary>
    public bool InitializesModels { get; set; }

    private static readonly JsonSerializerOptions Options = new()
    {
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        // One converter per enum, and source-generated metadata: a Native AOT agent reads manifests too, without reflection.
        Converters =
        {
            new JsonStringEnumConverter<PayloadFormat>(JsonNamingPolicy.CamelCase, allowIntegerValues: false),
            new JsonStringEnumConverter<TextMode>(JsonNamingPolicy.CamelCase, allowIntegerValues: false),
            new JsonStringEnumConverter<Generation>(JsonNamingPolicy.CamelCase, allowIntegerValues: false),
            new JsonStringEnumConverter<AotSupport>(JsonNamingPolicy.CamelCase, allowIntegerValues: false),
        },
        TypeInfoResolver = PackManifestJsonContext.Default,
        UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow,
#if NET9_0_OR_GREATER
        RespectNullableAnnotations = true,
        RespectRequiredConstructorParameters = true,
#endif
        AllowTrailingCommas = false,
        MaxDepth = 16,
    };

    // Kebab-case names: they become file names and command-line arguments.
    private static readonly Regex ContenderName = new("^[a-z0-9][a-z0-9-]{0,62}[a-z0-9]$", RegexOptions.CultureInvariant);

    // NuGet's own id rule; versions and ranges. Neither may carry MSBuild's $ @ % ; or quotes into the agent project.
    private static readonly Regex PackageId = new("^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$", RegexOptions.CultureInvariant);
    private static readonly Regex PackageVersion = new(@"^[\[\(]?[0-9A-Za-z.+\-, ]{1,60}[\]\)]?$", RegexOptions.CultureInvariant);

    /// <summary>
    /// An agent's copy, which SerBench checked with <see cref="Read"/> when it built the agent: read with a document, as the
    /// serializer's first use (options, enum converters) costs each agent process 100–150 ms. Anything odd takes the strict door.
    /// </summary>
    public static PackManifest ReadBuilt(string directory)
    {
        try
        {
            using var document = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(directory, FileName)));
            var root = document.RootElement;
            string Text(JsonElement element, string name) => element.GetProperty(name).GetString() ?? throw new InvalidOperationException(name);
            TEnum Named<TEnum>(JsonElement element, string name) where TEnum : struct, Enum => Enum.Parse<TEnum>(Text(element, name), ignoreCase: true);
            return new PackManifest
            {
                Library = Text(root, "library"),
                Licence = root.TryGetProperty("licence", out _) ? Text(root, "licence") : "unknown",
                InitializesModels = root.TryGetProperty("initializesModels", out var initializes) && initializes.GetBoolean(),
                Packages = root.TryGetProperty("packages", out var packages)
                    ? [.. packages.EnumerateArray().Select(p => new PackPackage(Text(p, "id"), Text(p, "version")))]
                    : [],
                Contenders = [.. root.GetProperty("contenders").EnumerateArray().Select(c => new PackContenderInfo
                {
                    Name = Text(c, "name"),
                    Format = Named<PayloadFormat>(c, "format"),
                    TextMode = Named<TextMode>(c, "textMode"),
                    Generation = Named<Generation>(c, "generation"),
                    NativeAot = c.TryGetProperty("nativeAot", out _) ? Named<AotSupport>(c, "nativeAot") : null,
                    Note = c.TryGetProperty("note", out var note) ? note.GetString() : null,
                })],
            };
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException or JsonException or KeyNotFoundException or InvalidOperationException or ArgumentException)
        {
            return Read(directory);
        }
    }

    public static PackManifest Read(string directory)
    {
        var path = Path.Combine(directory, FileName);
        if (!File.Exists(path))
        {
            throw new PackException($"'{directory}' is not a contender pack: it has no {FileName} (see docs/adding-a-library.md).");
        }

        PackManifest? manifest;
        try
        {
            var json = Files.InputFile.ReadJson(path, 64 * 1024, "a pack.json");
            manifest = JsonSerializer.Deserialize(json, (System.Text.Json.Serialization.Metadata.JsonTypeInfo<PackManifest>)Options.GetTypeInfo(typeof(PackManifest)));
            using var tree = JsonDocument.Parse(json);
            if (RepeatedKey(tree.RootElement, "$") is { } repeated)
            {
                throw new PackException($"{path}: not a valid pack manifest: {repeated}.");
            }
        }
        catch (Files.InputFileException exception)
        {
            throw new PackException($"{path}: {exception.Message}.");
        }
        catch (JsonException exception)
        {
            throw new PackException($"{path}: not a valid pack manifest at {exception.Path ?? "$"}: {FirstSentence(exception.Message)}");
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            throw new PackException($"{path}: cannot be read: {exception.Message}");
        }

        if (manifest is null)
        {
            throw new PackException($"{path}: not a valid pack manifest: the document is null.");
        }

        manifest.Check(path);
        return manifest;
    }

    // The serializer keeps the last of a repeated key silently; which one the author meant is a guess.
    private static string? RepeatedKey(JsonElement element, string path)
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        var children = element.ValueKind switch
        {
            JsonValueKind.Object => element.EnumerateObject().Select(p => (Path: $"{path}.{p.Name}", Name: (string?)p.Name, p.Value)).ToList(),
            JsonValueKind.Array => [.. element.EnumerateArray().Select((item, i) => (Path: $"{path}[{i}]", Name: (string?)null, Value: item))],
            _ => [],
        };
        foreach (var child in children)
        {
            if (child.Name is { } name && !names.Add(name))
            {
                return $"{path} gives '{name}' twice; give each key once";
            }

            if (RepeatedKey(child.Value, child.Path) is { } inner)
            {
                return inner;
            }
        }

        return null;
    }

    private void Check(string path)
    {
        Require(Library.Length is > 0 and <= 100 && !Library.Any(char.IsControl), path, "$.library", "a library name of 1 to 100 printable characters");
        Require(Licence.Length is > 0 and <= 100 && !Licence.Any(char.IsControl), path, "$.licence", "a licence name of 1 to 100 printable characters");
        Require(Contenders.Count is > 0 and <= 32, path, "$.contenders", "1 to 32 contenders");
        Require(Packages.Count <= 32, path, "$.packages", "at most 32 packages");
        for (var i = 0; i < Packages.Count; i++)
        {
            Require(PackageId.IsMatch(Packages[i].Id), path, $"$.packages[{i}].id", "a NuGet package id (letters, digits, '.', '_', '-')");
            Require(PackageVersion.IsMatch(Packages[i].Version), path, $"$.packages[{i}].version", "a NuGet version or version range, e.g. 13.0.4 or [2.17.0]");
        }

        for (var i = 0; i < Contenders.Count; i++)
        {
            var contender = Contenders[i];
            Require(ContenderName.IsMatch(contender.Name), path, $"$.contenders[{i}].name", "a kebab-case name of 2 to 64 characters (a-z, 0-9, '-'), e.g. mylib-utf8");
            Require(contender.Note is null || (contender.Note.Length <= 300 && !contender.Note.Any(char.IsControl)), path, $"$.contenders[{i}].note",
                "a note of at most 300 printable characters");
        }

        if (Contenders.GroupBy(c => c.Name).FirstOrDefault(g => g.Count() > 1) is { } duplicate)
        {
            throw new PackException($"{path}: $.contenders names '{duplicate.Key}' twice; each contender needs its own name.");
        }
    }

    private static void Require(bool condition, string path, string jsonPath, string expected)
    {
        if (!condition)
        {
            throw new PackException($"{path}: {jsonPath} must be {expected}.");
        }
    }

    private static string FirstSentence(string message)
    {
        var end = message.IndexOf(". ", StringComparison.Ordinal);
        return end < 0 ? message : message[..(end + 1)];
    }
}

/// <summary>The message is one line for the user.</summary>
internal sealed class PackException(string message) : Exception(message);

// A Native AOT agent reads its packs' manifests too.
[JsonSerializable(typeof(PackManifest))]
internal sealed partial class PackManifestJsonContext : JsonSerializerContext;
