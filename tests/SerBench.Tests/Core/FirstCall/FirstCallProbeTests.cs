using System.Text;
using SerBench.Core.Contenders;
using SerBench.Core.FirstCall;
using SerBench.Core.Payloads;

namespace SerBench.Tests.Core.FirstCall;

public class FirstCallProbeTests
{
    public sealed class Note
    {
        public string Text { get; set; } = "";

        public int Count { get; set; }
    }

    [Theory]
    [InlineData("stj-reflection-utf8")]
    [InlineData("stj-reflection-string")]
    public void YourDocument_IsReadByTheContenderItself_NotBuiltFirst(string name)
    {
        // Building the object with System.Text.Json first warmed its contenders: stj-sourcegen-utf8's codec took 6 ms on a 1.9 MB document, 47 ms on one Person.
        var model = new PayloadModel<Note>("note.json", "a test document", (_, _) => throw new InvalidOperationException("the probe built the object itself"))
        {
            Document = Encoding.UTF8.GetBytes("""{"Text":"café","Count":3}"""),
        };
        var contender = ContenderRegistry.Find(name)!;

        var sample = FirstCallProbe.Measure(contender, JsonConventions.Default, model);

        Assert.True(sample.CreateMicroseconds > 0 && sample.DeserializeMicroseconds > 0 && sample.SerializeMicroseconds > 0, $"{sample}");
    }

    public sealed class RegisteredA
    {
        static RegisteredA() => Thread.Sleep(300);

        public int Count { get; set; } = 1;
    }

    public sealed class RegisteredB
    {
        static RegisteredB() => Thread.Sleep(300);

        public int Count { get; set; } = 1;
    }

    private sealed class Initializing(Contender inner, bool initializes) : Contender(inner.Name, inner.Library, inner.Format, inner.TextMode, inner.Generation)
    {
        protected override System.Reflection.Assembly? LibraryAssembly => null;

        public override bool InitializesModels => initializes;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions) => inner.CreateCodec<T>(conventions);
    }

    [Fact]
    public void ALibraryThatInitializesTheModels_CountsTheirStaticConstructors_NoOtherDoes()
    {
        // MemoryPack registers its formatters in the models' static constructors: loading the payload paid it off the clock for it.
        var stj = ContenderRegistry.Find("stj-reflection-utf8")!;
        var counted = FirstCallProbe.Measure(new Initializing(stj, initializes: true), JsonConventions.Default,
            new PayloadModel<RegisteredA>("a", "a", (_, count) => [.. Enumerable.Range(0, count).Select(_ => new RegisteredA())]));
        var left = FirstCallProbe.Measure(new Initializing(stj, initializes: false), JsonConventions.Default,
            new PayloadModel<RegisteredB>("b", "b", (_, count) => [.. Enumerable.Range(0, count).Select(_ => new RegisteredB())]));

        Assert.True(counted.CreateMicroseconds >= 300_000, $"{counted}");
        Assert.True(left.CreateMicroseconds < 300_000, $"{left}");
    }
}
