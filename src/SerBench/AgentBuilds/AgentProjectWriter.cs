using System.Xml.Linq;
using SerBench.Core.Packs;
using SerBench.Core.Running;

namespace SerBench.AgentBuilds;

/// <summary>
/// Writes the agent's build folder: the core's sources, the packs, the models of the user's documents, and the
/// project (csproj XML) that compiles them into one executable for <paramref name="runtime"/>.
/// </summary>
internal sealed class AgentProjectWriter(string sourceDirectory, RuntimeTarget runtime, IReadOnlyList<string> packageSources, IReadOnlyDictionary<string, string> modelSources,
    IReadOnlyDictionary<string, string> versions)
{
    /// <summary>The built generator that registers the packs' adapters, in the agent's sources as beside the tool.</summary>
    public const string GeneratorPath = "SerBench.Generators/SerBench.Generators.dll";

    private Dictionary<string, string>? _coreVersions;

    /// <summary>
    /// Fills <paramref name="work"/>: the seal, the core's sources under src/, each pack under its slug, and the models of
    /// the user's documents under src/ too, so the project's src/**/*.cs compiles them with the core.
    /// </summary>
    public void Prepare(string work, IReadOnlyList<Pack> packs, string[] slugs)
    {
        if (!File.Exists(Path.Combine(sourceDirectory, GeneratorPath)))
        {
            // Without it the agent would build and know no pack's adapter: every pack contender UNAVAILABLE for no stated reason.
            throw new PackException($"SerBench's agent sources are incomplete: '{Path.Combine(sourceDirectory, GeneratorPath)}' is missing; reinstall SerBench (the tool package carries it).");
        }

        AgentProjectSeal.Write(work);
        foreach (var file in AgentKey.SourceFiles(sourceDirectory))
        {
            Copy(file, Path.Combine(work, "src", Path.GetRelativePath(sourceDirectory, file)));
        }

        for (var i = 0; i < packs.Count; i++)
        {
            foreach (var file in packs[i].Files())
            {
                Copy(file, Path.Combine(work, PackCatalog.AgentFolder, slugs[i], Path.GetRelativePath(packs[i].Directory, file)));
            }
        }

        foreach (var (name, source) in modelSources)
        {
            var path = Path.Combine(work, "src", "UserModels", ModelFileName(name));
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllText(path, source);
        }

        _coreVersions = CorePackageVersions(Path.Combine(sourceDirectory, "Directory.Packages.props"));
    }

    /// <summary>The packages the measuring core references, by id, at the versions SerBench was built with (after <see cref="Prepare"/>).</summary>
    public IReadOnlyDictionary<string, string> CoreVersions => _coreVersions ?? throw new InvalidOperationException("Prepare the build folder first.");

    /// <summary>The file a data set's model is compiled from: its name is already lower-case ASCII, digits and hyphens.</summary>
    private static string ModelFileName(string dataSetName) => "model-" + dataSetName + ".cs";

    /// <summary>
    /// Writes the agent project for the <paramref name="included"/> packs, whose adapters its generator registers. The
    /// whole agent lives in <paramref name="work"/>; a pack tried alone (to find which one fails) gets its own folder below
    /// it, so its obj/ does not disturb the agent's.
    /// </summary>
    public string Write(string work, IReadOnlyList<Pack> packs, string[] slugs, IReadOnlyList<int> included, bool alone = false, string? relativeRoot = null)
    {
        var folder = alone ? Path.Combine(work, "alone", slugs[included[0]]) : work;
        var up = relativeRoot ?? (alone ? "../../" : "");
        XElement Property(string name, string value) => new(name, value);
        var coreVersions = _coreVersions ?? throw new InvalidOperationException("Prepare the build folder first.");
        // A version asked for by name@version is exact ([1.2.3]): a source without it fails the restore instead of taking the next one.
        XElement Reference(string id, string version) => new("PackageReference", new XAttribute("Include", id),
            new XAttribute("Version", versions.TryGetValue(id, out var asked) ? $"[{asked}]" : version));
        var packages = new XElement("ItemGroup", coreVersions.Select(p => Reference(p.Key, p.Value)));
        foreach (var package in included.SelectMany(i => packs[i].Manifest.Packages).GroupBy(p => p.Id, StringComparer.OrdinalIgnoreCase))
        {
            if (!coreVersions.ContainsKey(package.Key))
            {
                packages.Add(Reference(package.Key, package.First().Version));
            }
        }

        foreach (var (id, _) in versions.Where(v => !packages.Elements().Any(e => string.Equals((string?)e.Attribute("Include"), v.Key, StringComparison.OrdinalIgnoreCase))))
        {
            packages.Add(Reference(id, ""));
        }

        Directory.CreateDirectory(folder);
        var project = new XElement("Project", new XAttribute("Sdk", "Microsoft.NET.Sdk"),
            new XElement("PropertyGroup",
                Property("OutputType", "Exe"),
                Property("TargetFramework", runtime.Moniker),
                Property("AssemblyName", AgentBuilder.AgentName),
                Property("RootNamespace", "SerBench"),
                Property("Nullable", "enable"),
                Property("ImplicitUsings", "enable"),
                Property("LangVersion", "latest"),
                Property("Optimize", "true"),
                Property("EnableDefaultCompileItems", "false"),
                Property("EnableDefaultNoneItems", "false"),
                Property("GenerateDocumentationFile", "false"),
                Property("TreatWarningsAsErrors", "false"),
                Property("NoWarn", "$(NoWarn);CS1591;NU1603;NU1701;NU1903;NU1902;NU1904"),
                Property("SatelliteResourceLanguages", "en"),
                Property("RestoreAdditionalProjectSources", string.Join(";", packageSources)),
                // Native AOT compiles the agent with the platform's linker (clang on Linux); nothing else changes.
                runtime.Aot ? Property("PublishAot", "true") : null,
                runtime.IsCurrent ? null : Property("SelfContained", "true")),
            new XElement("ItemGroup",
                new XElement("Compile", new XAttribute("Include", up + "src/**/*.cs")),
                included.Select(i => new XElement("Compile", new XAttribute("Include", $"{up}{PackCatalog.AgentFolder}/{slugs[i]}/**/*.cs"))),
                included.Select(i => new XElement("None", new XAttribute("Include", $"{up}{PackCatalog.AgentFolder}/{slugs[i]}/{PackManifest.FileName}"),
                    new XAttribute("Link", $"{PackCatalog.AgentFolder}/{slugs[i]}/{PackManifest.FileName}"),
                    new XAttribute("CopyToOutputDirectory", "PreserveNewest"))),
                // The compiler registers the packs' [PackContender] classes (SerBench.Generators), for any runtime and Native AOT alike.
                new XElement("Analyzer", new XAttribute("Include", $"{up}src/{GeneratorPath}"))),
            packages,
            included.Where(i => File.Exists(Path.Combine(packs[i].Directory, Pack.TargetsFileName)))
                .Select(i => new XElement("Import", new XAttribute("Project", $"{up}{PackCatalog.AgentFolder}/{slugs[i]}/{Pack.TargetsFileName}"))));
        var path = Path.Combine(folder, AgentBuilder.AgentName + ".csproj");
        project.Save(path);
        return path;
    }

    private static Dictionary<string, string> CorePackageVersions(string propsPath)
    {
        // The packages the measuring core uses, at the versions SerBench was built with.
        var wanted = new[] { "BenchmarkDotNet", "Perfolizer", "Bogus", "System.Formats.Cbor", "ZstdSharp.Port", "K4os.Compression.LZ4" };
        var document = XDocument.Load(propsPath);
        return document.Descendants("PackageVersion")
            .Where(e => wanted.Contains((string?)e.Attribute("Include")))
            .ToDictionary(e => (string)e.Attribute("Include")!, e => (string)e.Attribute("Version")!, StringComparer.OrdinalIgnoreCase);
    }

    private static void Copy(string from, string to)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(to)!);
        File.Copy(from, to, overwrite: true);
    }
}
