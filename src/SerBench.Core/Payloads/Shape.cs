namespace SerBench.Core.Payloads;

/// <summary>How the objects of a payload are handed to a serializer.</summary>
internal enum Shape
{
    /// <summary>One object, one call.</summary>
    Object,

    /// <summary>One <c>List&lt;T&gt;</c> of N objects, one call.</summary>
    List,

    /// <summary>N objects, one call each ("many small").</summary>
    Many,
}
