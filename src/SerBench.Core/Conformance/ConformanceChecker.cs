using System.Text.Json;
using SerBench.Core.Contenders;
using SerBench.Core.Contenders.Documents;
using SerBench.Core.Running;
using SerBench.Core.UserData;
using SerBench.Core.Verification;

namespace SerBench.Core.Conformance;

/// <summary>Reads each document into a DOM and writes it back; runs in a child process, as a library may overflow the stack or hang.</summary>
internal static class ConformanceChecker
{
    /// <exception cref="Running.UsageException">The contender is not a document model.</exception>
    public static void Run(Contender contender, IReadOnlyList<ConformanceDocument> documents, Action<ConformanceCell> done)
    {
        foreach (var document in documents)
        {
            if (contender.UnavailableReason is { } unavailable)
            {
                done(ConformanceCell.Of(contender.Name, document.Info, ConformanceOutcome.Unavailable, unavailable));
                continue;
            }

            Codec<JsonData> codec;
            try
            {
                // A fresh DOM codec per document: what one document leaves behind cannot colour the next verdict.
                codec = contender.CreateCodec<JsonData>(JsonConventions.Default);
            }
            catch (NotSupportedException exception)
            {
                throw new Running.UsageException($"{contender.Name} is not a document model: {ExceptionText.FirstLine(exception.Message)}");
            }

            if (codec is not IDocumentCodec)
            {
                throw new Running.UsageException($"{contender.Name} serializes typed objects; conformance puts documents through document models (JsonDocument, JsonNode, JToken).");
            }

            done(Check(contender.Name, codec, document));
        }
    }

    public static ConformanceCell Check(string contender, Codec<JsonData> codec, ConformanceDocument document)
    {
        ConformanceCell Cell(ConformanceOutcome outcome, string? detail) =>
            ConformanceCell.Of(contender, document.Info, outcome, detail is null ? null : Files.InvisibleText.Show(detail));

        object payload;
        try
        {
            payload = codec.SerializeUntyped(new JsonData(document.Name, document.Utf8));
        }
#pragma warning disable CA1031 // Whatever a library throws is its verdict on the document.
        catch (Exception exception)
#pragma warning restore CA1031
        {
            return Cell(ConformanceOutcome.Rejected, $"{exception.GetType().Name}: {ExceptionText.FirstLine(exception.Message)}");
        }

        var written = Codec<JsonData>.PayloadBytes(payload).ToArray();
        var output = Rfc8259.Check(written);
        if (!output.Valid)
        {
            return Cell(ConformanceOutcome.WroteInvalid, $"wrote text that is not JSON ({output.Problem}): {ConformanceDocument.Preview(written)}");
        }

        if (document.Content is null)
        {
            return Cell(ConformanceOutcome.Accepted, "read it and wrote " + ConformanceDocument.Preview(written));
        }

        JsonChange? change;
        try
        {
            change = JsonTextComparer.FirstChange(document.Content, written);
        }
        catch (JsonException)
        {
            // Deeper than the comparer reads (JsonTextComparer.MaxDepth), and not the same bytes (the comparer accepts those unread).
            return Cell(ConformanceOutcome.ChangedData, $"wrote other text, nested too deeply (over {JsonTextComparer.MaxDepth} levels) for SerBench to say where: " +
                                                     ConformanceDocument.Preview(written));
        }

        return change switch
        {
            null => Cell(ConformanceOutcome.Accepted, null),
            { Kind: JsonChangeKind.Data } => Cell(ConformanceOutcome.ChangedData, change.ToString()),
            _ => Cell(ConformanceOutcome.ChangedForm, change.ToString()),
        };
    }
}
