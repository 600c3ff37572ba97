using System.Text;
using SerBench.Core.Conformance;
using SerBench.Core.Packs;
using SerBench.Core.Running;
using SerBench.Core.UserData;
using SerBench.Results;

namespace SerBench.Tests.Cli;

/// <summary>
/// The seeded fuzz of <see cref="ResultsFileFuzzTests"/>, extended to the other readers: --data documents, pack.json,
/// conformance files and merge inputs, fed mutated bytes (truncation, NUL, deep nesting, 1e400, lone surrogates,
/// duplicate keys, a BOM, invalid UTF-8), and special files where the OS has them. Every outcome is a value or the
/// reader's one-line refusal, within a bounded time; nothing else escapes.
/// </summary>
public sealed class InputFileFuzzTests : IDisposable
{
    private const int Mutations = 150;

    private static readonly string[] Fragments =
    [
        "\0", "\uFEFF", "1e400", "\"\\ud800\"", "{\"a\":1,\"a\":2}", new string('[', 300), new string(']', 300), "\"\\u0000\"", "-0", "9999999999999999999999",
        "/*c*/", ",", "}", "\"", "\r\n", "NaN", "\u202e", "\"packages\":[]", "\"schemaVersion\":\"2.5\"",
    ];

    private readonly TempDirectory _root = new();

    public void Dispose() => _root.Dispose();

    [Fact]
    public async Task MutatedInputs_AreReadOrRefusedInOneLine_ByEveryReader()
    {
        var random = new Random(27);
        var seeds = new[] { """{"id":1,"name":"x","tags":["a","b"],"price":1.5}""", PackJson, SampleFiles.ValidJson() };
        for (var i = 0; i < Mutations; i++)
        {
            var bytes = Mutate(random, seeds[i % seeds.Length]);
            var file = _root.File($"m{i:000}.json");
            File.WriteAllBytes(file, bytes);
            var pack = Directory.CreateDirectory(_root.File($"pack{i:000}")).FullName;
            File.WriteAllBytes(Path.Combine(pack, PackManifest.FileName), bytes);

            await Bounded($"mutation {i}", () =>
            {
                Refused(() => DataSet.LoadAll([file]));
                Refused(() => ConformanceSuite.Load([file]));
                Refused(() => PackManifest.Read(pack));
                Refused(() => ResultsFileReader.ReadDocument(file));
                var (exitCode, _, error) = CliTester.Run("merge", file, file, "--out", _root.File($"merged{i:000}"));
                Assert.True(exitCode is 0 or 2, $"mutation {i}: merge exit {exitCode}: {error}");
                Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
            });
        }
    }

    [Fact]
    public async Task SpecialFiles_AreRefusedInOneLine_WithoutHanging()
    {
        var specials = new List<string>();
        if (SpecialFiles.Device is { } device)
        {
            specials.Add(device);
        }

        if (SpecialFiles.TryMakeFifo(_root.File("fifo.json")))
        {
            specials.Add(_root.File("fifo.json"));
        }

        var valid = _root.File("valid.json");
        File.WriteAllText(valid, SampleFiles.ValidJson());
        foreach (var special in specials)
        {
            foreach (var args in new[]
            {
                new[] { "report", special, "--out", _root.File("report") },
                ["merge", valid, special, "--out", _root.File("merged")],
                ["compare", valid, special],
                ["conformance", special],
                ["verify", "--data", special],
            })
            {
                await Bounded($"{args[0]} {special}", () =>
                {
                    var (exitCode, _, error) = CliTester.Run(args);
                    Assert.Equal(2, exitCode);
                    Assert.Single(error.TrimEnd().Split('\n'));
                    Assert.Matches("is a (device|FIFO \\(named pipe\\)), not a regular file", error);
                });
            }
        }

        Assert.False(Directory.Exists(_root.File("report")) || Directory.Exists(_root.File("merged")));
    }

    private const string PackJson = """{"library":"Acme","license":"MIT","packages":[{"id":"Acme.Json","version":"1.0.0"}],"contenders":[{"name":"acme-utf8","format":"json","textMode":"utf8","generation":"reflection"}]}""";

    private static byte[] Mutate(Random random, string seed)
    {
        var text = seed;
        for (var n = random.Next(1, 4); n > 0; n--)
        {
            var at = random.Next(text.Length + 1);
            text = random.Next(4) switch
            {
                0 => text[..at],
                1 => text[..at] + Fragments[random.Next(Fragments.Length)] + text[at..],
                2 => text[..at] + Fragments[random.Next(Fragments.Length)] + text[Math.Min(text.Length, at + random.Next(1, 8))..],
                _ => text,
            };
        }

        var bytes = Encoding.UTF8.GetBytes(text);
        if (random.Next(10) == 0 && bytes.Length > 0)
        {
            bytes[random.Next(bytes.Length)] = (byte)random.Next(0x80, 0x100); // Invalid UTF-8, now and then.
        }

        return bytes;
    }

    /// <summary>Runs a reader; a refusal must be the reader's own one-line exception, anything else fails the test.</summary>
    private static void Refused(Action read)
    {
        try
        {
            read();
        }
        catch (Exception exception) when (exception is UsageException or PackException or ResultsFileException)
        {
            Assert.DoesNotContain('\n', exception.Message);
        }
    }

    private static async Task Bounded(string what, Action action)
    {
        var run = Task.Run(action);
        var finished = await Task.WhenAny(run, Task.Delay(TimeSpan.FromSeconds(60)));
        Assert.True(finished == run, $"{what}: did not finish within 60 s");
        await run;
    }
}
