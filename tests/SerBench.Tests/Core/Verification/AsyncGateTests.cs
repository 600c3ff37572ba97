using System.Reflection;
using System.Text.Json;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Verification;

public class AsyncGateTests
{
    private static readonly Workload PersonList = new(PayloadRegistry.Person, Shape.List, 20,
        [Operation.Serialize, Operation.Deserialize, Operation.SerializeStream, Operation.DeserializeStream, Operation.SerializePipe, Operation.DeserializePipe]);

    [Theory]
    [InlineData("object", 1)]
    [InlineData("list", 20)]
    [InlineData("many", 5)]
    public void SystemTextJsonsStreamAndPipePaths_PassTheGate_AndTheirBodiesRun(string shapeName, int count)
    {
        var shape = SerBench.Core.Results.CellText.ParseShape(shapeName);
        var prepared = Verifier.Prepare(ContenderRegistry.Find("stj-reflection-utf8")!, JsonConventions.Web, PersonList with { Shape = shape, Count = count });

        foreach (var operation in (Operation[])[Operation.SerializeStream, Operation.DeserializeStream, Operation.SerializePipe, Operation.DeserializePipe])
        {
            Assert.Equal(VerificationStatus.Ok, prepared.OutcomeFor(operation).Status);
            Assert.NotNull(prepared.CreateBody(operation)());
            Assert.Null(prepared.CheckAgain(operation).Change);
        }

        // The body writes into one stream it empties first: what it holds after two calls is one payload.
        var written = (MemoryStream)prepared.CreateBody(Operation.SerializeStream)()!;
        // The pipe body drains what each call flushed: the last call's bytes.
        var drained = ((DrainedPipe)prepared.CreateBody(Operation.SerializePipe)()!).Drained;
        if (shape != Shape.Many)
        {
            Assert.Equal(prepared.PayloadBytes, written.Length);
            Assert.Equal(prepared.PayloadBytes, drained);
        }
    }

    [Fact]
    public void ItemByItem_PassesTheGate_ReadsEveryItem_OrStopsAtTheFirst_AndNeedsAList()
    {
        var items = PersonList with { Operations = [Operation.Deserialize, Operation.DeserializeItems, Operation.FirstItem] };

        var prepared = Verifier.Prepare(ContenderRegistry.Find("stj-sourcegen-utf8")!, JsonConventions.Web, items);

        Assert.Equal(VerificationStatus.Ok, prepared.OutcomeFor(Operation.DeserializeItems).Status);
        Assert.Equal(20, ((ItemsRead)prepared.CreateBody(Operation.DeserializeItems)()!).Count);
        Assert.Equal(1, ((ItemsRead)prepared.CreateBody(Operation.FirstItem)()!).Count);
        Assert.Null(prepared.CheckAgain(Operation.FirstItem).Change);
        var one = Verifier.Prepare(ContenderRegistry.Find("stj-sourcegen-utf8")!, JsonConventions.Web, items with { Shape = Shape.Object, Count = 1 });
        Assert.Equal("reading item by item needs a JSON array: a list case", one.OutcomeFor(Operation.FirstItem).Reason);
        var noItems = Verifier.Prepare(new StreamFake("no-items", stream: null), JsonConventions.Web, items);
        Assert.StartsWith("no item-by-item read (IAsyncEnumerable) for Fake", noItems.OutcomeFor(Operation.DeserializeItems).Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void AStringContender_HasNoStreamCells_AndSaysWhichContenderHasThem()
    {
        var prepared = Verifier.Prepare(ContenderRegistry.Find("stj-sourcegen-string")!, JsonConventions.Web, PersonList);

        Assert.Equal(VerificationStatus.Ok, prepared.OutcomeFor(Operation.Serialize).Status);
        var outcome = prepared.OutcomeFor(Operation.SerializeStream);
        Assert.Equal(VerificationStatus.Unsupported, outcome.Status);
        Assert.Contains("stj-sourcegen-utf8", outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void AContenderOnItsOwnModel_HasStreamCells_MappedOutsideTheTimedCall()
    {
        var prepared = Verifier.Prepare(LivePacks.Find("google-protobuf"), JsonConventions.Web, PersonList);

        Assert.Equal(VerificationStatus.Ok, prepared.OutcomeFor(Operation.SerializeStream).Status);
        Assert.Equal(VerificationStatus.Ok, prepared.OutcomeFor(Operation.DeserializeStream).Status);
        Assert.Equal(VerificationStatus.Unsupported, prepared.OutcomeFor(Operation.SerializePipe).Status);
        // The timed read returns the library's own message, never the model mapped back.
        var read = prepared.CreateBody(Operation.DeserializeStream)();
        Assert.NotNull(read);
        Assert.IsNotType<List<Person>>(read);
    }

    [Fact]
    public void ACallThatNeverCompletes_IsACrashNamingTheTimeLimit_AndTheOtherCellsGoOn()
    {
        AsyncCodec<List<Person>>.TestTimeLimit.Value = TimeSpan.FromMilliseconds(50);
        var never = new DelegateStreamCodec<List<Person>>((_, _) => new ValueTask(new TaskCompletionSource().Task),
            _ => new ValueTask<List<Person>>(new TaskCompletionSource<List<Person>>().Task));

        var prepared = Verifier.Prepare(new StreamFake("hangs", never), JsonConventions.Web, PersonList);

        Assert.Equal(VerificationStatus.Ok, prepared.OutcomeFor(Operation.Serialize).Status);
        var items = Verifier.Prepare(new StreamFake("hangs", null, items: new DelegateItemStreamCodec<Person>(_ => NeverAnItem())), JsonConventions.Web,
            PersonList with { Operations = [Operation.Deserialize, Operation.DeserializeItems] });
        foreach (var outcome in new[] { prepared.OutcomeFor(Operation.SerializeStream), prepared.OutcomeFor(Operation.DeserializeStream), items.OutcomeFor(Operation.DeserializeItems) })
        {
            // An item read left suspended is not disposed: its iterator would throw over the timeout's reason.
            Assert.Equal(VerificationStatus.Crash, outcome.Status);
            Assert.Contains("timed out: the async call did not complete within 0.05 s", outcome.Reason, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void DataContractJsonSerializer_StreamsThroughItsOwnWriteObjectAndReadObject()
    {
        var prepared = Verifier.Prepare(ContenderRegistry.Find("datacontract-json")!, JsonConventions.Default, PersonList);

        // Its document differs from the reference (dates as \/Date(…)\/), through the stream as through a string: timed and flagged.
        Assert.Equal(VerificationStatus.Differs, prepared.OutcomeFor(Operation.Serialize).Status);
        Assert.Equal(VerificationStatus.Differs, prepared.OutcomeFor(Operation.SerializeStream).Status);
        Assert.True(prepared.OutcomeFor(Operation.DeserializeStream).IsTimed, prepared.OutcomeFor(Operation.DeserializeStream).Reason);
        Assert.IsType<List<Person>>(prepared.CreateBody(Operation.DeserializeStream)());
    }

    [Fact]
    public void AContenderWithoutAStreamApi_IsUnsupported_NeverABufferCopy()
    {
        var prepared = Verifier.Prepare(new StreamFake("no-stream", stream: null), JsonConventions.Web, PersonList);

        Assert.Equal(VerificationStatus.Ok, prepared.OutcomeFor(Operation.Deserialize).Status);
        Assert.Equal(VerificationStatus.Unsupported, prepared.OutcomeFor(Operation.DeserializeStream).Status);
        Assert.Contains("does not fake one by copying a buffer into the stream", prepared.OutcomeFor(Operation.SerializeStream).Reason, StringComparison.Ordinal);
        Assert.Contains("no async pipe path for Fake", prepared.OutcomeFor(Operation.DeserializePipe).Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void OtherBytesWithTheSameData_Differ_AndAreStillTimed()
    {
        var indented = new JsonSerializerOptions(JsonSerializerDefaults.Web) { WriteIndented = true, Converters = { new System.Text.Json.Serialization.JsonStringEnumConverter() } };
        var prepared = Verifier.Prepare(new StreamFake("indents", Stream<List<Person>>(indented, indented)), JsonConventions.Web, PersonList);

        var outcome = prepared.OutcomeFor(Operation.SerializeStream);
        Assert.Equal(VerificationStatus.Differs, outcome.Status);
        Assert.Equal("the stream got another JSON document than the buffered call returned; it reads back to the same data", outcome.Reason);
        Assert.True(outcome.IsTimed);
        Assert.Equal(VerificationStatus.Ok, prepared.OutcomeFor(Operation.DeserializeStream).Status);

        // A binary format's other bytes with the same data are no other document: MemoryPack's DateTimeOffset padding varies.
        var binary = Verifier.Prepare(new StreamFake("binary", Stream<List<Person>>(indented, indented), PayloadFormat.Binary), JsonConventions.Web, PersonList);
        Assert.Equal(VerificationStatus.Ok, binary.OutcomeFor(Operation.SerializeStream).Status);
    }

    [Fact]
    public void AStreamReaderThatLosesAField_IsMismatchWithThePath()
    {
        // PascalCase names: the web-convention payload's camelCase members are not read back.
        var pascal = new JsonSerializerOptions();
        var prepared = Verifier.Prepare(new StreamFake("loses", Stream<List<Person>>(new JsonSerializerOptions(JsonSerializerDefaults.Web), pascal)), JsonConventions.Web, PersonList);

        var outcome = prepared.OutcomeFor(Operation.DeserializeStream);
        Assert.Equal(VerificationStatus.Mismatch, outcome.Status);
        Assert.StartsWith("deserialize-stream changed the data: $[0]", outcome.Reason, StringComparison.Ordinal);
        Assert.False(outcome.IsTimed);
        Assert.Equal(VerificationStatus.Ok, prepared.OutcomeFor(Operation.Deserialize).Status);
    }

    [Fact]
    public void AStreamWriterThatThrows_IsCrash_AndTheBufferedCellsStayTimed()
    {
        var throwing = new DelegateStreamCodec<List<Person>>((_, _) => throw new IOException("broken pipe <b>"), _ => throw new IOException("never"));
        var prepared = Verifier.Prepare(new StreamFake("throws", throwing), JsonConventions.Web, PersonList);

        Assert.Equal(VerificationStatus.Crash, prepared.OutcomeFor(Operation.SerializeStream).Status);
        Assert.Equal("serialize-stream threw IOException: broken pipe <b>", prepared.OutcomeFor(Operation.SerializeStream).Reason);
        Assert.Equal(VerificationStatus.Crash, prepared.OutcomeFor(Operation.DeserializeStream).Status);
        Assert.True(prepared.OutcomeFor(Operation.Serialize).IsTimed);
    }

    [Fact]
    public void Verify_FailsACaseWhoseStreamPathLosesData_ButNotOneWhosePathIsMissing()
    {
        var study = SerBench.Core.Studies.StudyRegistry.All.Single(s => s.Name == "streams");
        var pascal = new JsonSerializerOptions();
        SerBench.Core.Running.PlannedCase Case(Contender contender) => new(study, contender, PersonList, PersonList.Operations, "stj-sourcegen-utf8");

        var verified = Gate.Verify([
            Case(new StreamFake("loses", Stream<List<Person>>(new JsonSerializerOptions(JsonSerializerDefaults.Web), pascal))),
            Case(new StreamFake("no-stream", stream: null)),
        ]);

        Assert.Equal(VerificationStatus.Mismatch, verified[0].Outcome.Status);
        Assert.Contains("-stream changed the data: $[0]", verified[0].Outcome.Reason, StringComparison.Ordinal);
        Assert.Equal(VerificationStatus.Ok, verified[1].Outcome.Status);
    }

    private static DelegateStreamCodec<T> Stream<T>(JsonSerializerOptions write, JsonSerializerOptions read) where T : class => new(
        (stream, value) => new ValueTask(JsonSerializer.SerializeAsync(stream, value, write)),
        async stream => (await JsonSerializer.DeserializeAsync<T>(stream, read))!);

    // System.Text.Json's buffered path under the study's conventions, with the stream path given (null: none).
    private sealed class StreamFake(string name, object? stream, PayloadFormat format = PayloadFormat.Json, object? items = null) : Contender(name, "Fake", format, TextMode.Utf8, Generation.Reflection)
    {
        protected override Assembly? LibraryAssembly => null;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions) => ContenderRegistry.Find("stj-reflection-utf8")!.CreateCodec<T>(conventions);

        public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions) =>
            stream as StreamCodec<T> ?? base.CreateStreamCodec<T>(conventions);

        public override ItemStreamCodec<TItem> CreateItemStreamCodec<TItem>(JsonConventions conventions) =>
            items as ItemStreamCodec<TItem> ?? base.CreateItemStreamCodec<TItem>(conventions);
    }

    private static async IAsyncEnumerable<Person?> NeverAnItem()
    {
        await new TaskCompletionSource().Task;
        yield return null;
    }
}
