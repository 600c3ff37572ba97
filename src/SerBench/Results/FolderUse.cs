namespace SerBench.Results;

/// <summary>What a command does with SerBench's earlier output in its folder.</summary>
internal enum FolderUse
{
    /// <summary><c>run</c>, <c>merge</c>: a new results.json; any earlier SerBench output is refused unless <c>--force</c>, which deletes it first.</summary>
    NewResults,

    /// <summary><c>report</c>, <c>conformance</c>, <c>first-call</c>: replaces the files it wrote there before.</summary>
    Replace,
}
