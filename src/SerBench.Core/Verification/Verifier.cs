using System.Diagnostics.CodeAnalysis;
using System.Text.Json;
using SerBench.Contenders;
using SerBench.Payloads;
using SerBench.Sizes;
using SerBench.Studies;

namespace SerBench.Verification;

/// <summary>
/// The correctness gate. For a contender on a workload: serialize, deserialize and deep-compare with the original;
/// then parse the JSON output and compare it, as a document, with the study's reference document — the output of
/// System.Text.Json's reflection serializer under the study's conventions (default encoder).
/// </summary>
internal static class Verifier
{
    public static PreparedCase Prepare(Contender contender, JsonConventions conventions, Workload workload, int seed = PayloadModel.DefaultSeed,
        Compressions? compressions = null) =>
        workload.Payload.Accept(new PrepareVisitor(contender, conventions, workload.Shape, workload.Count, seed, compressions));

    private sealed class PrepareVisitor(Contender contender, JsonConventions conventions, Shape shape, int count, int seed, Compressions? compressions)
        : IPayloadModelVisitor<PreparedCase>
    {
        public PreparedCase Visit<T>(PayloadModel<T> model) where T : class
        {
            if (contender.UnavailableReason is { } unavailable)
            {
                return PreparedCase.Failed(new Verdict(VerificationStatus.Unavailable, unavailable));
            }

            T[] items;
            try
            {
                items = model.Generate(shape == Shape.Object ? 1 : count, seed);
            }
#pragma warning disable CA1031 // The user's type or document, not the library: whatever it throws is the input's problem.
            catch (Exception exception)
#pragma warning restore CA1031
            {
                return PreparedCase.Failed(Verdict.InputProblem(exception));
            }

            Codec<T>? itemCodec = null;
            Codec<List<T>>? listCodec = null;
            try
            {
                if (shape == Shape.List)
                {
                    listCodec = DiagnosticSlowdown.Apply(contender, contender.CreateCodec<List<T>>(conventions));
                }
                else
                {
                    itemCodec = DiagnosticSlowdown.Apply(contender, contender.CreateCodec<T>(conventions));
                }
            }
            catch (NotSupportedException exception)
            {
                return PreparedCase.Failed(new Verdict(VerificationStatus.Unsupported, Verdict.FirstLine(exception.Message)));
            }
#pragma warning disable CA1031 // A contender may throw anything; the gate records it instead of stopping the run.
            catch (Exception exception)
#pragma warning restore CA1031
            {
                return PreparedCase.Failed(Verdict.CrashFrom("creating the serializer", exception));
            }

            if (typeof(T) == typeof(UserData.JsonData) && (itemCodec ?? (object?)listCodec) is not Contenders.Documents.IDocumentCodec)
            {
                // A typed serializer would write the wrapper object, not the document: it needs a model of the documents.
                return PreparedCase.Failed(new Verdict(VerificationStatus.Unsupported,
                    $"{contender.Name} serializes typed objects; a study of your documents measures document models (JsonDocument, JsonNode, JToken) and the token reader"));
            }

            var checker = new Checker(contender.Format == PayloadFormat.Json, conventions, SystemTextJsonSettings.CreateOptions(conventions));
            if (checker.UncheckableInput(items) is { } uncheckable)
            {
                return PreparedCase.Failed(uncheckable);
            }

            object[] payloads;
            Verdict verdict;
            if (shape == Shape.List)
            {
                (verdict, var payload) = checker.Check(listCodec!, [.. items], "$");
                payloads = payload is null ? [] : [payload];
            }
            else if (shape == Shape.Object)
            {
                (verdict, var payload) = checker.Check(itemCodec!, items[0], "$");
                payloads = payload is null ? [] : [payload];
            }
            else
            {
                (verdict, payloads) = CheckEach(checker, itemCodec!, items);
            }

            if (!verdict.IsTimed && verdict.Written is not { IsTimed: true })
            {
                return PreparedCase.Failed(verdict);
            }

            var sizes = PayloadSizes.Measure(payloads.Select(Codec<T>.PayloadBytes), compressions);
            return new PreparedCase<T>(verdict, sizes, shape, items, itemCodec, listCodec, payloads);
        }

        private static (Verdict, object[]) CheckEach<T>(Checker checker, Codec<T> codec, T[] items) where T : class
        {
            var payloads = new object[items.Length];
            Verdict? firstDifference = null;
            for (var i = 0; i < items.Length; i++)
            {
                var (verdict, payload) = checker.Check(codec, items[i], $"$[{i}]");
                if (!verdict.IsTimed)
                {
                    // Reading failed but writing did not: the rest is written only, for the serialize cells and the sizes.
                    return verdict.Written is { IsTimed: true } ? (verdict, [.. payloads.Take(i), payload!, .. items.Skip(i + 1).Select(codec.SerializeUntyped)]) : (verdict, []);
                }

                if (verdict.Status == VerificationStatus.Differs)
                {
                    firstDifference ??= verdict;
                }

                payloads[i] = payload!;
            }

            return (firstDifference ?? Verdict.Ok, payloads);
        }
    }

    /// <summary>
    /// A user's document has no reference serializer: the document itself is the reference. A change of data is a
    /// MISMATCH, a change of form only (escapes, number notation, property order) DIFFERS.
    /// </summary>
    private static Verdict CompareWithOriginal(UserData.JsonData original, object payload, string root)
    {
        try
        {
            return JsonTextComparer.FirstChange(original.Utf8, Codec<UserData.JsonData>.PayloadBytes(payload).Span, root) switch
            {
                null => Verdict.Ok,
                { Kind: JsonChangeKind.Data } change => new Verdict(VerificationStatus.Mismatch, "output changed the data: " + change),
                var change => Verdict.DiffersInForm(change.ToString()),
            };
        }
        catch (JsonException exception)
        {
            return new Verdict(VerificationStatus.Mismatch, "output is not valid JSON: " + Verdict.FirstLine(exception.Message));
        }
    }

    /// <summary>Checks one value; returns the verdict and the payload the contender wrote (null when it could not).</summary>
    private sealed class Checker(bool isJson, JsonConventions conventions, JsonSerializerOptions referenceOptions)
    {
#pragma warning disable CA1031 // A contender may throw anything; the gate records it instead of stopping the run.
        public (Verdict Verdict, object? Payload) Check<TValue>(Codec<TValue> codec, TValue value, string root) where TValue : class
        {
            object payload;
            try
            {
                payload = codec.SerializeUntyped(value);
            }
            catch (Exception exception)
            {
                return (Verdict.CrashFrom("serialize", exception), null);
            }

            TValue back;
            try
            {
                back = codec.DeserializeUntyped(payload);
            }
            catch (Exception exception)
            {
                // What it wrote is still judged, so that its serialize cells can be timed.
                var written = isJson ? CompareDocument(value, payload, root) : Verdict.Ok;
                return (Verdict.CrashFrom("deserialize", exception) with { Written = written }, payload);
            }
#pragma warning restore CA1031

            if (RoundTripLoss(value, back, root) is { } lost)
            {
                return (new Verdict(VerificationStatus.Mismatch, "round trip changed the data: " + lost), payload);
            }

            return isJson ? (CompareDocument(value, payload, root), payload) : (Verdict.Ok, payload);
        }

        /// <summary>
        /// What a round trip lost. An object read from the user's document is judged as that document: what came back,
        /// written by the reference serializer, must hold the same data (a decimal that came back as 1.0 rather than 1 is
        /// the same JSON value); any other object is compared member by member.
        /// </summary>
        private string? RoundTripLoss<TValue>(TValue value, TValue back, string root) where TValue : class
        {
            if (UserData.UserModels.OriginalOf(value) is not { } original)
            {
                return ObjectComparer.FirstDifference(value, back, root);
            }

            return JsonTextComparer.FirstChange(Reference(value), Reference(back), root) is { Kind: JsonChangeKind.Data } change ? change.ToString() : null;
        }

        /// <summary>
        /// An object read from the user's document into the inferred model. Data is judged against what the model holds
        /// (System.Text.Json writing the object: what the model cannot hold is the model's loss, listed in the study's notes,
        /// not the library's; a lost duplicate key is still a MISMATCH); form against the user's document itself, so a library that
        /// writes the text as the user's service did is OK.
        /// </summary>
        private Verdict CompareWithUserDocument<TValue>(TValue value, byte[] document, object payload, string root) where TValue : class
        {
            var written = Codec<TValue>.PayloadBytes(payload);
            try
            {
                if (JsonTextComparer.FirstChange(Reference(value), written.Span, root) is { Kind: JsonChangeKind.Data } lost)
                {
                    return new Verdict(VerificationStatus.Mismatch, "output changed the data: " + lost);
                }

                // A lost duplicate key is a MISMATCH, as the README promises, though no typed model can hold one.
                if (JsonTextComparer.FirstChange(document, written.Span, root) is { LostDuplicateKey: true } duplicate)
                {
                    return new Verdict(VerificationStatus.Mismatch, "output changed the data: " + duplicate);
                }

                // Past the model's own losses (a data change here is the model's: the check above cleared the library).
                return JsonTextComparer.FirstFormChange(document, written.Span, root) is { } form
                    ? Verdict.DiffersInForm(form.ToString())
                    : Verdict.Ok;
            }
            catch (JsonException exception)
            {
                return new Verdict(VerificationStatus.Mismatch, "output is not valid JSON: " + Verdict.FirstLine(exception.Message));
            }
        }

        /// <summary>
        /// The reference document: System.Text.Json with the study's conventions, through reflection; under Native AOT, where
        /// reflection-based serialization is off, through the source-generated metadata for the same conventions (the
        /// two write the same document: stj-sourcegen passes this gate on every runtime that has both).
        /// </summary>
        /// <summary>
        /// A value read from the user's document that the reference cannot write (1e400 read as infinity into a double):
        /// SerBench could not check any library's output, so that is the input's problem, not a CRASH of each library.
        /// </summary>
        public Verdict? UncheckableInput<TValue>(TValue[] items) where TValue : class
        {
            // One check per document: a list repeats the documents of the set.
            foreach (var item in items.Where(i => UserData.UserModels.OriginalOf(i) is not null).DistinctBy(UserData.UserModels.OriginalOf))
            {
                try
                {
                    _ = Reference(item);
                }
                catch (Exception exception) when (exception is ArgumentException or InvalidOperationException or NotSupportedException or JsonException)
                {
                    return Verdict.InputProblem(exception) with
                    {
                        Reason = "the input's problem, not the library's: SerBench cannot write the value read from your document to check any library against it (" +
                                 Verdict.Innermost(exception) + ")",
                    };
                }
            }

            return null;
        }

        [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "Reflection only where dynamic code is supported (JIT agents, never trimmed); Native AOT compiles the generated branch alone.")]
        private byte[] Reference<TValue>(TValue value) => System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported
            ? JsonSerializer.SerializeToUtf8Bytes(value, referenceOptions)
            : JsonSerializer.SerializeToUtf8Bytes(value, SystemTextJsonSettings.GeneratedTypeInfo<TValue>(conventions));

        private Verdict CompareDocument<TValue>(TValue value, object payload, string root) where TValue : class
        {
            if (value is UserData.JsonData original)
            {
                return CompareWithOriginal(original, payload, root);
            }

            if (UserData.UserModels.OriginalOf(value) is { } document)
            {
                return CompareWithUserDocument(value, document, payload, root);
            }

            JsonDocument written;
            try
            {
                written = JsonDocument.Parse(Codec<TValue>.PayloadBytes(payload));
            }
            catch (JsonException exception)
            {
                return new Verdict(VerificationStatus.Mismatch, "output is not valid JSON: " + Verdict.FirstLine(exception.Message));
            }

            using (written)
            using (var reference = JsonDocument.Parse(Reference(value)))
            {
                return DocumentComparer.FirstDifference(reference.RootElement, written.RootElement, root) is { } difference
                    ? new Verdict(VerificationStatus.Differs, "document differs from the reference: " + difference)
                    : Verdict.Ok;
            }
        }
    }
}
