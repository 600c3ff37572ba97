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
}
