namespace SerBench.Core.Payloads;

/// <summary>How a payload's objects are handed to a serializer.</summary>
internal enum Shape
{
    Object,

    /// <summary>One <c>List&lt;T&gt;</c> of N objects, one call.</summary>
    List,

    /// <summary>N objects, one call each ("many small").</summary>
    Many,

    /// <summary>N objects at once, each on a thread of its own (N = threads): a server's cores, each on its own request.</summary>
    Threads,
}
