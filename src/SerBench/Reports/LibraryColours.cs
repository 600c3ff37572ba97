namespace SerBench.Reports;

/// <summary>Known libraries have a fixed colour; any other's is picked from its name's hash, so it keeps it from run to run.</summary>
internal static class LibraryColours
{
    private static readonly Dictionary<string, string> Known = new(StringComparer.Ordinal)
    {
        ["System.Text.Json"] = "#1f77b4",
        ["Newtonsoft.Json"] = "#ff7f0e",
        ["DataContractJsonSerializer"] = "#8c564b",
        ["Jil"] = "#2ca02c",
        ["SpanJson"] = "#d62728",
        ["Utf8Json"] = "#9467bd",
        ["NetJSON"] = "#e377c2",
        ["ServiceStack.Text"] = "#7f7f7f",
        ["JsonSrcGen"] = "#bcbd22",
        ["hand-written binary"] = "#17becf",
        ["MessagePack"] = "#aec7e8",
        ["MemoryPack"] = "#ffbb78",
        ["protobuf-net"] = "#98df8a",
        ["Google.Protobuf"] = "#ff9896",
        ["UnityEngine.JsonUtility"] = "#c5b0d5",
    };

    private static readonly string[] Spare = ["#c49c94", "#f7b6d2", "#dbdb8d", "#9edae5", "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#5254a3"];

    // Without a parenthesised variant: "System.Text.Json (Utf8JsonWriter/Reader)".
    public static string LibraryOf(string library)
    {
        var paren = library.IndexOf(" (", StringComparison.Ordinal);
        return paren > 0 ? library[..paren] : library;
    }

    public static string Of(string library)
    {
        var name = LibraryOf(library);
        if (Known.TryGetValue(name, out var colour))
        {
            return colour;
        }

        // FNV-1a: string.GetHashCode is randomised per process, and the colour must not change between runs.
        var hash = 2166136261u;
        foreach (var c in name)
        {
            hash = (hash ^ c) * 16777619u;
        }

        return Spare[hash % (uint)Spare.Length];
    }
}
