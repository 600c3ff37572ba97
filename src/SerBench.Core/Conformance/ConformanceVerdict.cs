using System.Text.Json.Serialization;

namespace SerBench.Core.Conformance;

/// <summary>What a library did with one document: read it and wrote it back (how), refused it, or could not be run.</summary>
internal enum ConformanceOutcome
{
    /// <summary>For an invalid document: read it, and wrote JSON.</summary>
    Accepted,

    /// <summary>Read it and wrote the same data in another form: escapes, number notation, property order.</summary>
    ChangedForm,

    /// <summary>Read it and wrote other data: a value, a string, a duplicate key lost or changed.</summary>
    ChangedData,

    /// <summary>Read it and wrote text that is not JSON (RFC 8259 §10: a generator must write JSON).</summary>
    WroteInvalid,

    /// <summary>Threw: refused the document when reading it, or could not write what it read.</summary>
    Rejected,

    /// <summary>Took its process down (a stack overflow, say) or did not finish in time.</summary>
    Crashed,

    /// <summary>Its pack did not build; nothing was tried.</summary>
    Unavailable,
}

/// <summary>The colour of a cell: how the outcome stands against RFC 8259.</summary>
internal enum ConformanceRating
{
    /// <summary>Green: what the RFC asks (or allows): a JSON text read and written back unchanged, a text that is not JSON refused.</summary>
    Right,

    /// <summary>Pale amber: read and written back with the same data in another form.</summary>
    Form,

    /// <summary>Amber: read and written back with other data.</summary>
    Changed,

    /// <summary>Red: read a text that is not JSON, refused one the RFC says to read, wrote text that is not JSON, or crashed.</summary>
    Wrong,

    /// <summary>Grey.</summary>
    NotRun,
}

/// <summary>A library on a document; <paramref name="Rating"/> is judged when the cell is made, so a report renders the same forever.</summary>
internal sealed record ConformanceCell(string Contender, string Document, ConformanceOutcome Outcome, ConformanceRating Rating, string? Detail)
{
    public static ConformanceCell Of(string contender, DocumentInfo document, ConformanceOutcome outcome, string? detail) =>
        new(contender, document.Name, outcome, Rate(document, outcome), detail);

    /// <summary>Changes are amber only where reading was right.</summary>
    public static ConformanceRating Rate(DocumentInfo document, ConformanceOutcome outcome) => outcome switch
    {
        ConformanceOutcome.Unavailable => ConformanceRating.NotRun,
        ConformanceOutcome.Crashed or ConformanceOutcome.WroteInvalid => ConformanceRating.Wrong,
        _ when document.EitherOutcomeIsRight => ConformanceRating.Right,
        ConformanceOutcome.Rejected => document.MayReject ? ConformanceRating.Right : ConformanceRating.Wrong,
        _ when !document.MayAccept => ConformanceRating.Wrong,
        ConformanceOutcome.Accepted => ConformanceRating.Right,
        ConformanceOutcome.ChangedForm => ConformanceRating.Form,
        _ => ConformanceRating.Changed,
    };

    [JsonIgnore]
    public string Label => LabelOf(Outcome);

    public static string LabelOf(ConformanceOutcome outcome) => outcome switch
    {
        ConformanceOutcome.Accepted => "accepted",
        ConformanceOutcome.ChangedForm => "changed (form)",
        ConformanceOutcome.ChangedData => "changed (data)",
        ConformanceOutcome.WroteInvalid => "wrote non-JSON",
        ConformanceOutcome.Rejected => "rejected",
        ConformanceOutcome.Crashed => "CRASHED",
        _ => "UNAVAILABLE",
    };
}
