using System.Text.Json;

namespace SerBench.Tests.Builders;

/// <summary>
/// A tiny serializer library, packed during the test into a temporary feed at two versions, and four user packs that
/// consume it: one that works (with a second contender that kills its process on large documents), one that names a
/// package no source has, one that does not compile (nor does its adapter registration), one that asks for the
/// library's other version. The first run builds the agent cold, and the agents of the good pack at the other version
/// and at a version no source has; the tests read what they left.
/// </summary>
public sealed class FixturePacks : IDisposable
{
    public const string LibraryId = "SerBench.Fixture.Serializer";
    public const string MissingPackage = "SerBench.Fixture.DoesNotExist";
    public const string OtherVersion = "2.0.0";
    public const string UnservedVersion = "3.0.0";

    /// <summary>A version whose API the good pack's adapter does not compile against (Write is gone).</summary>
    public const string BreakingVersion = "2.5.0";

    private readonly TempDirectory _temp = new();

    public FixturePacks()
    {
        Feed = Directory.CreateDirectory(_temp.File("feed")).FullName;
        PackLibrary("1.2.3");
        PackLibrary(OtherVersion);
        PackLibrary(BreakingVersion);
        Good = WritePack("good-pack", LibraryId, "1.2.3", ["fixture-json", "fixture-fatal"], GoodAdapters);
        Conflicting = WritePack("conflicting-pack", LibraryId, OtherVersion, ["conflicting-json"],
            Adapter("conflicting-json", "ConflictingAdapter", "typeof(global::SerBench.Fixture.Serializer.FixtureJson).Assembly", "string"));
        Missing = WritePack("missing-pack", MissingPackage, "9.9.9", ["missing-json"], Adapter("missing-json", "MissingAdapter", "typeof(string).Assembly", "string"));
        Broken = WritePack("broken-pack", LibraryId, "1.2.3", ["broken-json"],
            Adapter("broken-json", "BrokenAdapter", "typeof(global::SerBench.Fixture.Serializer.FixtureJson).Assembly", "string") +
            "internal static class Broken { public static int Value = \"not a number\"; }\n" +
            "[PackContender(\"broken-unlisted\")]\ninternal static class NotAnAdapter;\n");
        First = RunStudy("first");
    }

    public string Feed { get; }

    public string Good { get; }

    public string Missing { get; }

    public string Broken { get; }

    public string Conflicting { get; }

    /// <summary>The cold run: exit code, console, results.json.</summary>
    public (int ExitCode, string Output, string Error, JsonDocument Results) First { get; }

    public (int ExitCode, string Output, string Error, JsonDocument Results) RunStudy(string name, string contenders = $"fixture-json,fixture-json@{OtherVersion},fixture-json@{UnservedVersion},fixture-json@{BreakingVersion},fixture-fatal,missing-json,broken-json,conflicting-json,stj-sourcegen-utf8")
    {
        var output = _temp.File(name);
        var (exitCode, console, error) = CliTester.RunWithoutChartImages("run", "--study", "web-api", "--profile", "smoke", "--payloads", "person",
            "--contenders", contenders,
            "--pack", Good, "--pack", Missing, "--pack", Broken, "--pack", Conflicting, "--package-source", Feed, "--out", output);
        var path = Path.Combine(output, "results.json");
        Assert.True(File.Exists(path), $"exit {exitCode}; {error}\n{console}");
        return (exitCode, console, error, JsonDocument.Parse(File.ReadAllBytes(path)));
    }

    /// <summary>Cells of one contender in a results document.</summary>
    public static List<JsonElement> Cells(JsonDocument results, string contender) =>
        [.. results.RootElement.GetProperty("cells").EnumerateArray().Where(c => c.GetProperty("contender").GetString() == contender)];

    private void PackLibrary(string version)
    {
        var project = Directory.CreateDirectory(_temp.File("library-" + version)).FullName;
        File.WriteAllText(Path.Combine(project, "Fixture.csproj"), $"""
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <TargetFramework>net10.0</TargetFramework>
                <PackageId>{LibraryId}</PackageId>
                <AssemblyName>{LibraryId}</AssemblyName>
                <Version>{version}</Version>
                <Nullable>enable</Nullable>
              </PropertyGroup>
            </Project>
            """);
        File.WriteAllText(Path.Combine(project, "FixtureJson.cs"), $$"""
            using System.Text.Json;
            namespace SerBench.Fixture.Serializer;
            /// A serializer library in miniature: text in, text out.
            public static class FixtureJson
            {
                public static string {{(version == BreakingVersion ? "Serialize" : "Write")}}<T>(T value, JsonSerializerOptions options) => JsonSerializer.Serialize(value, options);
                public static T Read<T>(string json, JsonSerializerOptions options) => JsonSerializer.Deserialize<T>(json, options)!;
            }
            """);
        ToolProcess.Run(project, "dotnet", "pack", project, "-c", "Release", "-o", Feed, "-nologo", "-p:UseSharedCompilation=false", "-nodeReuse:false");
    }

    private string WritePack(string folder, string package, string version, string[] contenders, string adapters)
    {
        var directory = Directory.CreateDirectory(_temp.File(folder)).FullName;
        File.WriteAllText(Path.Combine(directory, "pack.json"), JsonSerializer.Serialize(new
        {
            library = package,
            licence = "MIT",
            packages = new[] { new { id = package, version } },
            contenders = contenders.Select(name => new { name, format = "json", textMode = "utf16", generation = "reflection" }),
        }));
        File.WriteAllText(Path.Combine(directory, "Adapters.cs"), adapters);
        return directory;
    }

    private static string Adapter(string name, string className, string assembly, string payload) => $$"""
        using System.Reflection;
        using SerBench.Core.Contenders;
        using SerBench.Core.Packs;
        namespace SerBench.Packs.Fixtures;
        [PackContender("{{name}}")]
        internal sealed class {{className}} : ContenderAdapter
        {
            public override Assembly LibraryAssembly => {{assembly}};
            public override Codec<T> CreateCodec<T>(JsonConventions conventions) =>
                new DelegateCodec<T, {{payload}}>(value => throw new NotSupportedException(), text => throw new NotSupportedException());
        }

        """;

    private const string GoodAdapters = """
        using System.Reflection;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using SerBench.Core.Contenders;
        using SerBench.Core.Packs;
        using SerBench.Fixture.Serializer;
        namespace SerBench.Packs.Fixtures;

        internal static class FixtureOptions
        {
            public static JsonSerializerOptions For(JsonConventions conventions)
            {
                var options = new JsonSerializerOptions
                {
                    PropertyNamingPolicy = conventions.CamelCase ? JsonNamingPolicy.CamelCase : null,
                    PropertyNameCaseInsensitive = conventions.CaseInsensitiveReading,
                };
                if (conventions.EnumsAsStrings)
                {
                    options.Converters.Add(new JsonStringEnumConverter());
                }

                return options;
            }
        }

        [PackContender("fixture-json")]
        internal sealed class FixtureJsonAdapter : ContenderAdapter
        {
            public override Assembly LibraryAssembly => typeof(FixtureJson).Assembly;

            public override Codec<T> CreateCodec<T>(JsonConventions conventions)
            {
                var options = FixtureOptions.For(conventions);
                return new DelegateCodec<T, string>(value => FixtureJson.Write(value, options), json => FixtureJson.Read<T>(json, options));
            }
        }

        /// Dies like a serializer whose emitted IL is invalid: the whole process goes, on a large document.
        [PackContender("fixture-fatal")]
        internal sealed class FixtureFatalAdapter : ContenderAdapter
        {
            public override Assembly LibraryAssembly => typeof(FixtureJson).Assembly;

            public override Codec<T> CreateCodec<T>(JsonConventions conventions)
            {
                var options = FixtureOptions.For(conventions);
                return new DelegateCodec<T, string>(value => FixtureJson.Write(value, options), json => json.Length > 20_000
                    ? throw Fatal()
                    : FixtureJson.Read<T>(json, options));
            }

            private static Exception Fatal()
            {
                Environment.FailFast("fixture-fatal killed its process on purpose");
                return new InvalidOperationException();
            }
        }
        """;

    public void Dispose()
    {
        First.Results.Dispose();
        _temp.Dispose();
    }
}
