using SerBench.Core.Contenders;

namespace SerBench.Core.Packs;

/// <summary>
/// SerBench knows its packs as manifests only; an agent has their adapters, listed by a file its build writes
/// (<see cref="RegisterAdapters"/>).
/// </summary>
internal sealed partial class PackCatalog
{
    public const string BuiltInFolder = "contenders";

    public const string AgentFolder = "packs";

    private static readonly Lazy<PackCatalog> Lazy = new(Load);

    private PackCatalog(IReadOnlyList<Pack> packs, IReadOnlyList<PackContender> contenders, bool isAgent)
    {
        Packs = packs;
        Contenders = contenders;
        IsAgent = isAgent;
    }

    public static PackCatalog Current => Lazy.Value;

    public IReadOnlyList<Pack> Packs { get; }

    public IReadOnlyList<PackContender> Contenders { get; }

    public bool IsAgent { get; }

    private static PackCatalog Load()
    {
        var adapters = new Dictionary<string, Func<ContenderAdapter>>(StringComparer.Ordinal);
        RegisterAdapters(adapters);
        var isAgent = adapters.Count > 0;
        return Load(Path.Combine(AppContext.BaseDirectory, isAgent ? AgentFolder : BuiltInFolder), isAgent ? adapters : null);
    }

    // Implemented only in an agent, by the file its build writes.
    static partial void RegisterAdapters(Dictionary<string, Func<ContenderAdapter>> adapters);

    /// <summary>Without <paramref name="adapters"/> (a factory by contender name), manifests only.</summary>
    public static PackCatalog Load(string folder, IReadOnlyDictionary<string, Func<ContenderAdapter>>? adapters)
    {
        var packs = LoadFolder(folder, PackOrigin.BuiltIn, built: adapters is not null);
        // A manifest entry without an adapter class in an agent is the pack author's mistake: said on every cell of its pack.
        var missing = packs.ToDictionary(pack => pack, pack => adapters is null ? null
            : pack.Manifest.Contenders.FirstOrDefault(info => !adapters.ContainsKey(info.Name)) is { } info
                ? PackOutcome.Unavailable($"the pack declares '{info.Name}' in pack.json but has no class with [PackContender(\"{info.Name}\")] deriving from ContenderAdapter")
                : null);
        var contenders = packs.SelectMany(pack => pack.Manifest.Contenders.Select(info =>
            new PackContender(pack, info, adapters?.GetValueOrDefault(info.Name) is { } create ? new Lazy<ContenderAdapter>(() => Create(create)) : null, missing[pack]))).ToList();
        return new PackCatalog(packs, contenders, adapters is not null);
    }

    // One adapter whose constructor throws must not take the catalog, and with it every pack contender, down: its own cells CRASH.
    private static ContenderAdapter Create(Func<ContenderAdapter> create)
    {
        try
        {
            return create();
        }
        catch (Exception exception)
        {
            return new UncreatableAdapter(exception);
        }
    }

    private sealed class UncreatableAdapter(Exception exception) : ContenderAdapter
    {
        public override System.Reflection.Assembly LibraryAssembly => typeof(UncreatableAdapter).Assembly;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(exception);
            return null!;
        }
    }

    /// <summary>A broken pack is skipped here and reported by <c>serbench list</c>.</summary>
    public static IReadOnlyList<Pack> LoadFolder(string folder, PackOrigin origin, bool built = false)
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
                packs.Add(Pack.Load(directory, origin, built));
            }
        }

        return packs;
    }

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
