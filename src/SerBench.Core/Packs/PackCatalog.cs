namespace SerBench.Core.Packs;

/// <summary>
/// The packs this process knows. In SerBench itself: the packs shipped in <c>contenders/</c> beside the tool, as
/// manifests only. In an agent: the packs it was built from (<c>packs/</c> beside it), with their adapters, which are
/// compiled into the same assembly as this class and listed by a file the agent build writes (<see cref="RegisterAdapters"/>).
/// </summary>
internal sealed partial class PackCatalog
{
    /// <summary>Folder beside the tool that holds the packs shipped with SerBench.</summary>
    public const string BuiltInFolder = "contenders";

    /// <summary>Folder beside an agent that holds the packs it was built from.</summary>
    public const string AgentFolder = "packs";

    private static readonly Lazy<PackCatalog> Lazy = new(Load);

    private PackCatalog(IReadOnlyList<Pack> packs, IReadOnlyList<PackContender> contenders, bool isAgent)
    {
        Packs = packs;
        Contenders = contenders;
        IsAgent = isAgent;
    }

    /// <summary>This process's catalog, loaded on first use.</summary>
    public static PackCatalog Current => Lazy.Value;

    public IReadOnlyList<Pack> Packs { get; }

    public IReadOnlyList<PackContender> Contenders { get; }

    /// <summary>True when this process is an agent: pack contenders run here.</summary>
    public bool IsAgent { get; }

    private static PackCatalog Load()
    {
        var adapters = new Dictionary<string, ContenderAdapter>(StringComparer.Ordinal);
        RegisterAdapters(adapters);
        var isAgent = adapters.Count > 0;
        return Load(Path.Combine(AppContext.BaseDirectory, isAgent ? AgentFolder : BuiltInFolder), isAgent ? adapters : null);
    }

    /// <summary>Implemented only in an agent, by the file its build writes from the packs' adapter classes; SerBench itself has none.</summary>
    static partial void RegisterAdapters(Dictionary<string, ContenderAdapter> adapters);

    /// <summary>
    /// The packs in <paramref name="folder"/>, with <paramref name="adapters"/> by contender name when given (an agent; or a
    /// test that compiles packs in), else as manifests only.
    /// </summary>
    public static PackCatalog Load(string folder, IReadOnlyDictionary<string, ContenderAdapter>? adapters)
    {
        var packs = LoadFolder(folder, PackOrigin.BuiltIn);
        var contenders = packs.SelectMany(pack => pack.Manifest.Contenders.Select(info =>
            new PackContender(pack, info, adapters?.GetValueOrDefault(info.Name)))).ToList();
        if (adapters is not null)
        {
            // A manifest entry without an adapter class in an agent is the pack author's mistake: say so on its cells.
            foreach (var missing in contenders.Where(c => c.Adapter is null))
            {
                missing.Pack.UnavailableReason ??= $"the pack declares '{missing.Name}' in pack.json but has no class with [PackContender(\"{missing.Name}\")] deriving from ContenderAdapter";
            }
        }

        return new PackCatalog(packs, contenders, adapters is not null);
    }

    /// <summary>Every sub-folder of <paramref name="folder"/> with a pack.json; a broken one is skipped here and reported by <c>serbench list</c>.</summary>
    public static IReadOnlyList<Pack> LoadFolder(string folder, PackOrigin origin)
    {
        if (!Directory.Exists(folder))
        {
            return [];
        }

        var packs = new List<Pack>();
        foreach (var directory in Directory.EnumerateDirectories(folder).Order(StringComparer.Ordinal))
        {
            if (File.Exists(Path.Combine(directory, PackManifest.FileName)))
            {
                packs.Add(Pack.Load(directory, origin));
            }
        }

        return packs;
    }

    /// <summary>Contenders of user packs (<c>--pack</c>), checked against every name SerBench already has.</summary>
    public static IReadOnlyList<PackContender> UserContenders(IReadOnlyList<Pack> userPacks, IEnumerable<string> takenNames)
    {
        var taken = new HashSet<string>(takenNames, StringComparer.OrdinalIgnoreCase);
        var contenders = new List<PackContender>();
        foreach (var pack in userPacks)
        {
            foreach (var info in pack.Manifest.Contenders)
            {
                if (!taken.Add(info.Name))
                {
                    throw new PackException($"Pack '{pack.Directory}' declares contender '{info.Name}', a name SerBench or another pack already uses; rename it in its pack.json.");
                }

                contenders.Add(new PackContender(pack, info, null));
            }
        }

        return contenders;
    }
}
