using SerBench.Core.Packs;

namespace SerBench.Tests.Core.Packs;

/// <summary>pack.json comes from anyone: every value that reaches a project file, a file name or a report is checked.</summary>
public class PackManifestTests
{
    private const string Valid = """
        { "library": "Acme.Json", "licence": "MIT",
          "packages": [ { "id": "Acme.Json", "version": "2.1.0" } ],
          "contenders": [ { "name": "acme-utf8", "format": "json", "textMode": "utf8", "generation": "reflection", "note": "a note" } ] }
        """;

    [Fact]
    public void ValidManifest_IsRead()
    {
        using var folder = Write(Valid);

        var manifest = PackManifest.Read(folder.Path);

        Assert.Equal("Acme.Json", manifest.Library);
        Assert.Equal(new PackPackage("Acme.Json", "2.1.0"), Assert.Single(manifest.Packages));
        var contender = Assert.Single(manifest.Contenders);
        Assert.Equal(("acme-utf8", SerBench.Core.Contenders.TextMode.Utf8, "a note"), (contender.Name, contender.TextMode, contender.Note));
    }

    [Fact]
    public void ReadBuilt_ReadsEveryShippedPack_AsTheStrictReaderDoes()
    {
        var folders = Directory.GetDirectories(Path.Combine(SerBench.Tests.Infrastructure.Repository.Root, "contenders"));

        Assert.NotEmpty(folders);
        foreach (var folder in folders)
        {
            var (strict, built) = (PackManifest.Read(folder), PackManifest.ReadBuilt(folder));
            Assert.Equal((strict.Library, strict.Licence, strict.InitializesModels), (built.Library, built.Licence, built.InitializesModels));
            Assert.Equal(strict.Packages, built.Packages);
            Assert.Equal(strict.Contenders, built.Contenders);
        }
    }

    [Fact]
    public void ReadBuilt_OnAManifestItCannotRead_GivesTheStrictReadersError()
    {
        using var folder = Write(Valid.Replace("\"library\": \"Acme.Json\",", "", StringComparison.Ordinal));

        var strict = Assert.Throws<PackException>(() => PackManifest.Read(folder.Path));

        Assert.Equal(strict.Message, Assert.Throws<PackException>(() => PackManifest.ReadBuilt(folder.Path)).Message);
    }

    public static TheoryData<string, string> BadManifests() => new()
    {
        { Valid.Replace("\"licence\": \"MIT\",", "\"licence\": \"MIT\", \"extra\": 1,", StringComparison.Ordinal), "extra" },
        { Valid.Replace("acme-utf8", "Acme Utf8", StringComparison.Ordinal), "$.contenders[0].name" },
        { Valid.Replace("acme-utf8", "../../escape", StringComparison.Ordinal), "$.contenders[0].name" },
        { Valid.Replace("\"id\": \"Acme.Json\"", "\"id\": \"Acme$(Evil)\"", StringComparison.Ordinal), "$.packages[0].id" },
        { Valid.Replace("\"2.1.0\"", "\"2.1.0\\\" Condition=\\\"true\"", StringComparison.Ordinal), "$.packages[0].version" },
        { Valid.Replace("\"2.1.0\"", "\"2.1.0;@(Compile)\"", StringComparison.Ordinal), "$.packages[0].version" },
        { Valid.Replace("\"json\"", "\"yaml\"", StringComparison.Ordinal), "$.contenders[0].format" },
        { Valid.Replace("\"contenders\": [", "\"contenders\": [ { \"name\": \"acme-utf8\", \"format\": \"json\", \"textMode\": \"utf8\", \"generation\": \"reflection\" },", StringComparison.Ordinal), "twice" },
        { Valid.Replace("\"library\": \"Acme.Json\",", "", StringComparison.Ordinal), "library" },
        { "{ not json", "pack.json" },
        { Valid.Replace("a note", "line\\nbreak", StringComparison.Ordinal), "$.contenders[0].note" },
    };

    [Theory]
    [MemberData(nameof(BadManifests))]
    public void BadManifest_IsRefused_InOneLine_NamingTheField(string json, string expected)
    {
        using var folder = Write(json);

        var error = Assert.Throws<PackException>(() => PackManifest.Read(folder.Path));

        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public void ManifestWithAByteOrderMark_IsRead()
    {
        // Issue 35: Notepad's and PowerShell 5's UTF-8 was refused with "'0xEF' is an invalid start of a value".
        using var folder = Write(Valid);
        File.WriteAllBytes(Path.Combine(folder.Path, PackManifest.FileName), [0xEF, 0xBB, 0xBF, .. File.ReadAllBytes(Path.Combine(folder.Path, PackManifest.FileName))]);

        Assert.Equal("Acme.Json", PackManifest.Read(folder.Path).Library);
    }

    [Fact]
    public void ManifestSavedAsUtf16_IsRefused_SayingToSaveItAsUtf8()
    {
        // PowerShell 5's `>` writes UTF-16 LE with a byte order mark: System.Text.Json said "'0xFF' is an invalid start of a value".
        using var folder = new TempDirectory();
        File.WriteAllText(folder.File("pack.json"), Valid, System.Text.Encoding.Unicode);

        var error = Assert.Throws<PackException>(() => PackManifest.Read(folder.Path));
        var cli = CliTester.Run("list", "--pack", folder.Path);

        Assert.Equal($"{folder.File("pack.json")}: is UTF-16 (little-endian) text; save it as UTF-8.", error.Message);
        Assert.Equal((2, $"serbench: {error.Message}"), (cli.ExitCode, cli.Error.Trim()));
    }

    [Theory]
    [InlineData("\"licence\": \"MIT\",", "\"licence\": \"MIT\", \"licence\": \"GPL-3.0\",", "$", "licence")]
    [InlineData("\"note\": \"a note\"", "\"note\": \"a note\", \"note\": \"another\"", "$.contenders[0]", "note")]
    public void ManifestWithAKeyTwice_IsRefused_NamingTheKey(string field, string twice, string path, string key)
    {
        // Issue 35: the last value won silently, though a manifest is read strictly.
        using var folder = Write(Valid.Replace(field, twice, StringComparison.Ordinal));

        var error = Assert.Throws<PackException>(() => PackManifest.Read(folder.Path));

        Assert.Equal($"{Path.Combine(folder.Path, PackManifest.FileName)}: not a valid pack manifest: {path} gives '{key}' twice; give each key once.", error.Message);
    }

    [Fact]
    public void HugeManifest_IsRefused()
    {
        using var folder = Write(Valid.Replace("a note", new string('x', 100_000), StringComparison.Ordinal));

        Assert.Contains("SerBench reads at most 65,536 bytes as a pack.json", Assert.Throws<PackException>(() => PackManifest.Read(folder.Path)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void PackFolderWithData_IsRefused()
    {
        using var folder = Write(Valid);
        File.WriteAllBytes(folder.File("dump.bin"), new byte[17 * 1024 * 1024]);

        var error = Assert.Throws<PackException>(() => Pack.Load(folder.Path, PackOrigin.User));

        Assert.Contains("at most 500 files and 16 MB", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void PackJsonGivenInsteadOfItsFolder_SaysToGiveTheFolderThatHoldsIt()
    {
        using var folder = Write(Valid);

        var error = Assert.Throws<PackException>(() => Pack.Load(folder.File("pack.json"), PackOrigin.User));

        Assert.Equal($"Pack folder '{folder.File("pack.json")}' is a file; give the folder that holds pack.json ('{folder.Path}'), see docs/adding-a-library.md.", error.Message);
    }

    [Fact]
    public void PackFolderWithALinkedTargetsFile_IsRefusedInOneLine()
    {
        using var folder = Write(Valid);
        File.WriteAllText(folder.File("elsewhere.xml"), "<Project />");
        File.CreateSymbolicLink(folder.File("pack.targets"), folder.File("elsewhere.xml"));

        var error = Assert.Throws<PackException>(() => Pack.Load(folder.Path, PackOrigin.User));

        Assert.EndsWith("'pack.targets' is a symbolic link; a pack holds its files itself (copy the file into the pack folder).", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Cli_PackErrors_AreOneLine_Exit2()
    {
        using var folder = Write(Valid.Replace("acme-utf8", "newtonsoft-string", StringComparison.Ordinal));
        using var empty = new TempDirectory();

        var clash = CliTester.Run("list", "--pack", folder.Path);
        var notAPack = CliTester.Run("verify", "--pack", empty.Path);
        var missing = CliTester.Run("run", "--pack", Path.Combine(empty.Path, "nope"));
        var badSource = CliTester.Run("list", "--package-source", "a;b");
        var noSource = CliTester.Run("list", "--package-source", Path.Combine(empty.Path, "no-feed"));
        var plainHttp = CliTester.Run("list", "--package-source", "http://feed.example/v3/index.json");

        Assert.All(new[] { clash, notAPack, missing, badSource, noSource, plainHttp }, result =>
        {
            Assert.Equal(2, result.ExitCode);
            Assert.Single(result.Error.Trim().Split('\n'));
        });
        Assert.Contains("already uses", clash.Error, StringComparison.Ordinal);
        Assert.Contains("no pack.json", notAPack.Error, StringComparison.Ordinal);
        Assert.Contains("does not exist", missing.Error, StringComparison.Ordinal);
        Assert.Contains("--package-source", badSource.Error, StringComparison.Ordinal);
        Assert.Contains("neither an http(s) URL nor an existing folder", noSource.Error, StringComparison.Ordinal);
        Assert.Contains("NuGet refuses plain http sources (NU1302); give the feed's https URL", plainHttp.Error, StringComparison.Ordinal);
    }

    private static TempDirectory Write(string json)
    {
        var folder = new TempDirectory();
        File.WriteAllText(folder.File("pack.json"), json);
        return folder;
    }
}
