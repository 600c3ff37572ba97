using System.Diagnostics.CodeAnalysis;
using System.Text.Json;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Running;
using SerBench.Core.Sizes;
using SerBench.Core.Studies;

namespace SerBench.Core.Verification;

/// <summary>
/// The correctness gate: a round trip deep-compared with the original, then the JSON output compared as a document with
/// System.Text.Json's under the study's conventions (default encoder).
/// </summary>
internal static class Verifier
{
    /// <summary><paramref name="passed"/>: an earlier process of this run gated the case; each item is only round-tripped once, not compared again.</summary>
    public static PreparedCase Prepare(Contender contender, JsonConventions conventions, Workload workload, int seed = PayloadModel.DefaultSeed,
        Compressions? compressions = null, bool passed = false) =>
        workload.Payload.Accept(new PrepareVisitor(contender, conventions, workload.Shape, workload.Count, seed, compressions, passed,
            [.. workload.Operations.Select(o => o.AsyncPathOf()).OfType<AsyncPath>().Distinct()]));

    private sealed class PrepareVisitor(Contender contender, JsonConventions conventions, Shape shape, int count, int seed, Compressions? compressions, bool passed,
        IReadOnlyList<AsyncPath> paths)
        : IPayloadModelVisitor<PreparedCase>
    {
        public PreparedCase Visit<T>(PayloadModel<T> model) where T : class
        {
            if (contender.UnavailableReason is { } unavailable)
            {
                return PreparedCase.Failed(new GateOutcome(VerificationStatus.Unavailable, unavailable));
            }

            if (shape == Shape.Threads && contender.NotSafeOnThreads is { } notSafe)
            {
                return PreparedCase.Failed(new GateOutcome(VerificationStatus.Unsupported, notSafe));
            }

            T[] items;
            try
            {
                // Threads: each thread its own object, the same row read again, so 1 and N threads serialize the same data.
                items = shape == Shape.Threads
                    ? [.. Enumerable.Range(0, count).Select(_ => PayloadSnapshots.Load(model, 1, seed, PayloadSnapshots.Folder)[0])]
                    : PayloadSnapshots.Load(model, shape == Shape.Object ? 1 : count, seed, PayloadSnapshots.Folder);
            }
#pragma warning disable CA1031 // The user's type or document, not the library: whatever it throws is the input's problem.
            catch (Exception exception)
#pragma warning restore CA1031
            {
                return PreparedCase.Failed(GateOutcome.InputProblem(exception));
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
                return PreparedCase.Failed(new GateOutcome(VerificationStatus.Unsupported, ExceptionText.FirstLine(exception.Message)));
            }
#pragma warning disable CA1031 // A contender may throw anything; the gate records it instead of stopping the run.
            catch (Exception exception)
#pragma warning restore CA1031
            {
                return PreparedCase.Failed(GateOutcome.CrashFrom("creating the serializer", exception, contender.Name));
            }

            if (typeof(T) == typeof(UserData.JsonData) && (itemCodec ?? (object?)listCodec) is not Contenders.Documents.IDocumentCodec)
            {
                // A typed serializer would write the wrapper object, not the document: it needs a model of the documents.
                return PreparedCase.Failed(new GateOutcome(VerificationStatus.Unsupported,
                    $"{contender.Name} serializes typed objects; a study of your documents measures document models (JsonDocument, JsonNode, JToken) and the token reader"));
            }

            var checker = new Checker(contender.Name, contender.Format == PayloadFormat.Json, conventions, SystemTextJsonSettings.CreateOptions(conventions), compare: !passed);
            if (checker.UncheckableInput(items) is { } uncheckable)
            {
                return PreparedCase.Failed(uncheckable);
            }

            object[] payloads;
            GateOutcome outcome;
            if (shape == Shape.List)
            {
                (outcome, var payload) = checker.Check(listCodec!, [.. items], "$");
                payloads = payload is null ? [] : [payload];
            }
            else if (shape is Shape.Object or Shape.Threads)
            {
                (outcome, var payload) = checker.Check(itemCodec!, items[0], "$");
                payloads = payload is null ? [] : [payload];
            }
            else
            {
                (outcome, payloads) = CheckEach(checker, itemCodec!, items);
            }

            if (!outcome.IsTimed && outcome.Written is not { IsTimed: true })
            {
                return PreparedCase.Failed(outcome);
            }

            // A threads case writes its payload once per thread, as a many case once per call.
            var written = shape == Shape.Threads ? Enumerable.Repeat(payloads, count).SelectMany(p => p) : payloads;
            var sizes = PayloadSizes.Measure(written.Select(Codec<T>.PayloadBytes), compressions);
            var listPaths = shape != Shape.List ? null
                : paths.ToDictionary(p => p, p => p == AsyncPath.Items
                    ? AsyncGate.CheckItems(contender, conventions, outcome, [.. items], payloads, checker)
                    : AsyncGate.Check<List<T>>(contender, p, conventions, outcome, [[.. items]], payloads, checker, _ => "$"));
            var itemPaths = shape == Shape.List ? null
                : paths.Where(p => p != AsyncPath.Items).ToDictionary(p => p, p => AsyncGate.Check(contender, p, conventions, outcome, shape == Shape.Many ? items : [items[0]], payloads, checker,
                    i => shape == Shape.Many ? $"$[{i}]" : "$"));
            return new PreparedCase<T>(outcome, sizes, shape, items, itemCodec, listCodec, payloads, checker, itemPaths, listPaths);
        }

        private static (GateOutcome, object[]) CheckEach<T>(Checker checker, Codec<T> codec, T[] items) where T : class
        {
            var payloads = new object[items.Length];
            GateOutcome? firstDifference = null;
            for (var i = 0; i < items.Length; i++)
            {
                var (outcome, payload) = checker.Check(codec, items[i], $"$[{i}]");
                if (!outcome.IsTimed)
                {
                    // Reading failed but writing did not: the rest is written only, for the serialize cells and the sizes.
                    return outcome.Written is { IsTimed: true } ? (outcome, [.. payloads.Take(i), payload!, .. items.Skip(i + 1).Select(codec.SerializeUntyped)]) : (outcome, []);
                }

                if (outcome.Status == VerificationStatus.Differs)
                {
                    firstDifference ??= outcome;
                }

                payloads[i] = payload!;
            }

            return (firstDifference ?? GateOutcome.Ok, payloads);
        }
    }

    // A user's document is its own reference: a change of data is a MISMATCH, a change of form only DIFFERS.
    private static GateOutcome CompareWithOriginal(UserData.JsonData original, object payload, string root)
    {
        try
        {
            return JsonTextComparer.FirstChange(original.Utf8, Codec<UserData.JsonData>.PayloadBytes(payload).Span, root) switch
            {
                null => GateOutcome.Ok,
                { Kind: JsonChangeKind.Data } change => new GateOutcome(VerificationStatus.Mismatch, "output changed the data: " + change),
                var change => GateOutcome.DiffersInForm(change.ToString()),
            };
        }
        catch (JsonException exception)
        {
            return new GateOutcome(VerificationStatus.Mismatch, "output is not valid JSON: " + ExceptionText.FirstLine(exception.Message));
        }
    }

    // compare false: the case passed the gate in an earlier process of the run; its comparisons cost seconds on large lists and fill the tiering queue.
    private sealed class Checker(string contender, bool isJson, JsonConventions conventions, JsonSerializerOptions referenceOptions, bool compare = true) : IRoundTripJudge
    {
#pragma warning disable CA1031 // A contender may throw anything; the gate records it instead of stopping the run.
        public (GateOutcome Outcome, object? Payload) Check<TValue>(Codec<TValue> codec, TValue value, string root) where TValue : class
        {
            object payload;
            try
            {
                payload = codec.SerializeUntyped(value);
            }
            catch (Exception exception)
            {
                return (GateOutcome.CrashFrom("serialize", exception, contender), null);
            }

            TValue back;
            try
            {
                back = codec.DeserializeUntyped(payload);
            }
            catch (Exception exception)
            {
                // What it wrote is still judged, so that its serialize cells can be timed.
                var written = isJson && compare ? CompareDocument(value, payload, root) : GateOutcome.Ok;
                return (GateOutcome.CrashFrom("deserialize", exception, contender) with { Written = written }, payload);
            }
#pragma warning restore CA1031

            if (!compare)
            {
                return (GateOutcome.Ok, payload);
            }

            if (Loss(value, back, root) is { } lost)
            {
                return (new GateOutcome(VerificationStatus.Mismatch, "round trip changed the data: " + lost), payload);
            }

            return isJson ? (CompareDocument(value, payload, root), payload) : (GateOutcome.Ok, payload);
        }

        // An object read from the user's document is judged as JSON (a decimal back as 1.0 rather than 1 is the same value).
        public string? Loss<TValue>(TValue expected, TValue actual, string root) where TValue : class
        {
            if (UserData.UserModels.OriginalOf(expected) is not { } original)
            {
                return ObjectComparer.FirstDifference(expected, actual, root);
            }

            return JsonTextComparer.FirstChange(ReferenceOfOriginal(expected), Reference(actual), root) is { Kind: JsonChangeKind.Data } change ? change.ToString() : null;
        }

        /// <summary>
        /// Data is judged against what the inferred model holds (its losses are listed in the study's notes, not the
        /// library's); form against the user's document, so a library that writes the text as the user's service did is OK.
        /// </summary>
        private GateOutcome CompareWithUserDocument<TValue>(TValue value, byte[] document, object payload, string root) where TValue : class
        {
            var written = Codec<TValue>.PayloadBytes(payload);
            try
            {
                if (JsonTextComparer.FirstChange(ReferenceOfOriginal(value), written.Span, root) is { Kind: JsonChangeKind.Data } lost)
                {
                    return new GateOutcome(VerificationStatus.Mismatch, "output changed the data: " + lost);
                }

                // A lost duplicate key is a MISMATCH, as the README promises, though no typed model can hold one.
                var (data, form) = JsonTextComparer.Changes(document, written.Span, root);
                if (data is { LostDuplicateKey: true })
                {
                    return new GateOutcome(VerificationStatus.Mismatch, "output changed the data: " + data);
                }

                // Past the model's own losses (any other data change here is the model's: the check above cleared the library).
                return form is null ? GateOutcome.Ok : GateOutcome.DiffersInForm(form.ToString());
            }
            catch (JsonException exception)
            {
                return new GateOutcome(VerificationStatus.Mismatch, "output is not valid JSON: " + ExceptionText.FirstLine(exception.Message));
            }
        }

        // 1e400 read as infinity into a double cannot be written by the reference: the input's problem, not each library's CRASH.
        public GateOutcome? UncheckableInput<TValue>(TValue[] items) where TValue : class
        {
            // One check per document: a list repeats the documents of the set.
            foreach (var item in items.Where(i => UserData.UserModels.OriginalOf(i) is not null).DistinctBy(UserData.UserModels.OriginalOf))
            {
                try
                {
                    _ = ReferenceOfOriginal(item);
                }
                catch (Exception exception) when (exception is ArgumentException or InvalidOperationException or NotSupportedException or JsonException)
                {
                    return GateOutcome.InputProblem(exception) with
                    {
                        Reason = "the input's problem, not the library's: SerBench cannot write the value read from your document to check any library against it (" +
                                 ExceptionText.Innermost(exception) + ")",
                    };
                }
            }

            return null;
        }

        // Source-generated under Native AOT; the two write the same document (stj-sourcegen passes this gate on both).
        [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "Reflection only where dynamic code is supported (JIT agents, never trimmed); Native AOT compiles the generated branch alone.")]
        private byte[] Reference<TValue>(TValue value) => System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported
            ? JsonSerializer.SerializeToUtf8Bytes(value, referenceOptions)
            : JsonSerializer.SerializeToUtf8Bytes(value, SystemTextJsonSettings.GeneratedTypeInfo<TValue>(conventions));

        // Written once per object read from a user's document, not once per check (three on a gated case).
        private readonly System.Runtime.CompilerServices.ConditionalWeakTable<object, byte[]> _originals = new();

        private byte[] ReferenceOfOriginal<TValue>(TValue value) where TValue : class => _originals.GetValue(value, v => Reference((TValue)v));

        private GateOutcome CompareDocument<TValue>(TValue value, object payload, string root) where TValue : class
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
                return new GateOutcome(VerificationStatus.Mismatch, "output is not valid JSON: " + ExceptionText.FirstLine(exception.Message));
            }

            using (written)
            using (var reference = JsonDocument.Parse(Reference(value)))
            {
                return DocumentComparer.FirstDifference(reference.RootElement, written.RootElement, root) is { } difference
                    ? new GateOutcome(VerificationStatus.Differs, "document differs from the reference: " + difference)
                    : GateOutcome.Ok;
            }
        }
    }
}
