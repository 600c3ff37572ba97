using SerBench.Core.Agents;
using SerBench.Core.Conformance;
using SerBench.Core.Contenders;
using SerBench.Core.Measurement;
using SerBench.Core.Running;
using SerBench.Core.Sizes;
using SerBench.Core.Studies;
using SerBench.Core.UserData;
using SerBench.Running;
using SerBench.Tests.Infrastructure;

namespace SerBench.Tests.Core.Agents;

public sealed class AgentRequestCodecTests
{
    private static IReadOnlyList<PlannedCase> Plan(string study, string contender, params Operation[] operations) => RunPlan.Create(new RunRequest
    {
        Studies = [StudyRegistry.All.Single(s => s.Name == study)],
        Contenders = [ContenderRegistry.Find(contender)!],
        Operations = operations.Length == 0 ? null : operations,
    });

    private static AgentRequest RoundTrip(AgentRequest request) => AgentRequestCodec.Read(AgentRequestCodec.Write(request));

    /// <summary>The cases as the child sees them: the same cells, by identity, in the same order, with the same baseline.</summary>
    private static void AssertSameCases(IReadOnlyList<PlannedCase> expected, IReadOnlyList<PlannedCase> actual)
    {
        Assert.Equal(expected.Count, actual.Count);
        foreach (var (sent, read) in expected.Zip(actual))
        {
            Assert.Equal((sent.Study.Name, sent.Contender, sent.Workload.Payload, sent.Workload.Shape, sent.Workload.Count, sent.Baseline, sent.Runtime),
                (read.Study.Name, read.Contender, read.Workload.Payload, read.Workload.Shape, read.Workload.Count, read.Baseline, read.Runtime));
            Assert.Equal(sent.Operations, read.Operations);
        }
    }

    [Theory]
    [InlineData(nameof(MeasurementClock.Cpu))]
    [InlineData(nameof(MeasurementClock.Wall))]
    public void Run_TheCasesProfileAndClock_ReadBackTheSame(string clockName)
    {
        var clock = Enum.Parse<MeasurementClock>(clockName);
        var plan = Plan("web-api", "stj-reflection-string", Operation.Serialize, Operation.Deserialize);

        var read = RoundTrip(AgentRequest.Run(plan, MeasurementProfile.Quick with { Clock = clock }));

        Assert.Equal(AgentMode.Run, read.Mode);
        Assert.Equal(plan[0].Contender, read.Contender);
        Assert.Equal(("quick", clock), (read.Profile.Name, read.Profile.Clock));
        AssertSameCases(plan, read.Cases);
    }

    [Fact]
    public void Run_ACaseOfEachStudy_ReadsBackUnderItsOwnStudy_WithTheProcessNumberAndTheGatePassed()
    {
        // One process per contender and round carries its cases of every study.
        var plan = Plan("web-api", "stj-reflection-string", Operation.Serialize).Concat(Plan("shootout", "stj-reflection-string", Operation.Deserialize)).ToList();

        var read = RoundTrip(AgentRequest.Run(plan, MeasurementProfile.Quick, process: 3, passed: true));

        AssertSameCases(plan, read.Cases);
        Assert.Equal(["web-api", "shootout"], read.Cases.Select(c => c.Study.Name).Distinct());
        Assert.Equal(3, read.Process);
        Assert.True(read.Passed);
        Assert.False(read.Calibrate);
        Assert.False(RoundTrip(AgentRequest.Run(plan, MeasurementProfile.Quick)).Passed);
        Assert.True(RoundTrip(AgentRequest.Run(plan, MeasurementProfile.Quick, calibrate: true)).Calibrate);
    }

    [Fact]
    public void Run_YourDocuments_ReadBackAsTheParentCheckedThem_AndAFileChangedSinceIsRefused()
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File("one.json"), "\uFEFF{\"a\":[1,2]}");
        var request = RunOptionsParser.Parse(new RunOptions { Data = [temp.File("one.json")], Study = "data", Contenders = "stj-document" });
        var written = AgentRequestCodec.Write(AgentRequest.Run(RunPlan.Create(request), MeasurementProfile.Quick));

        var documents = AgentRequestCodec.Read(written).Cases[0].Study.DataSets.Single().Documents;
        File.WriteAllText(temp.File("one.json"), "{\"a\":[1,3]}");
        var changed = Assert.Throws<UsageException>(() => AgentRequestCodec.Read(written));

        Assert.Equal("{\"a\":[1,2]}"u8.ToArray(), documents.Single().Utf8);
        Assert.Equal($"--data {temp.File("one.json")}: the file changed while SerBench ran (its model was inferred from what it held before); run again.", changed.Message);
    }

    [Fact]
    public void Read_ACaseBeforeAnyStudyLine_IsRefused()
    {
        var text = AgentRequestCodec.Write(AgentRequest.Run(Plan("web-api", "stj-reflection-string", Operation.Serialize), MeasurementProfile.Quick));
        var caseLine = text.Split('\n').First(l => l.StartsWith("case\t", StringComparison.Ordinal));
        var withoutStudy = string.Join('\n', text.Split('\n').Where(l => !l.StartsWith("study\t", StringComparison.Ordinal) && !l.StartsWith("case\t", StringComparison.Ordinal))) + caseLine + "\n";

        var refused = Assert.Throws<AgentRequestException>(() => AgentRequestCodec.Read(withoutStudy));
        Assert.Contains("before any 'study' line", refused.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("none")]
    [InlineData("gzip,lz4")]
    [InlineData("gzip,brotli,zstd,lz4")]
    public void Run_TheCompressions_ReadBackTheSame(string names)
    {
        var compressions = CompressionNames.TryParse(names)!;
        var plan = Plan("web-api", "stj-reflection-string", Operation.Serialize);

        var read = RoundTrip(AgentRequest.Run(plan, MeasurementProfile.Quick with { Compressions = compressions }));

        Assert.Equal(compressions, read.Profile.Compressions);
    }

    [Fact]
    public void Verify_TheCasesReadBackTheSame()
    {
        var plan = Plan("json-vs-binary", "binary-utf8");

        var read = RoundTrip(AgentRequest.Verify(plan));

        Assert.Equal(AgentMode.Verify, read.Mode);
        AssertSameCases(plan, read.Cases);
    }

    [Fact]
    public void FirstCall_TheOneCaseReadsBackTheSame()
    {
        var planned = Plan("json-vs-binary", "binary-utf8")[0];

        var read = RoundTrip(AgentRequest.FirstCall(planned));

        Assert.Equal(AgentMode.FirstCall, read.Mode);
        AssertSameCases([planned], read.Cases);
    }

    [Fact]
    public void Conformance_TheDocumentsAndTheirSources_ReadBackTheSame_WhateverTheCharacters()
    {
        var documents = ConformanceSuite.Load([]).Documents.Take(3).ToList();
        IReadOnlyList<string> sources = ["/data/with space/", "/data/tab\there", "/data/back\\slash\nnew line"];

        var read = RoundTrip(AgentRequest.Conformance(ContenderRegistry.Find("stj-document")!, documents, sources));

        Assert.Equal(AgentMode.Conformance, read.Mode);
        Assert.Equal("stj-document", read.Contender.Name);
        Assert.Equal(documents.Select(d => d.Name), read.Documents);
        Assert.Equal(sources, read.DocumentSources);
        Assert.Empty(read.Cases);
    }

    [Fact]
    public void TypesCheck_TheAssemblyTypesAndSample_ReadBackTheSame()
    {
        var types = new UserTypesSource("/my app/Contracts.dll", ["Ns.Order", "Ns.Page<int>"], "/samples/order.json");

        var read = RoundTrip(AgentRequest.TypesCheck(types));

        Assert.Equal(AgentMode.Types, read.Mode);
        Assert.Equal((types.AssemblyPath, types.SamplePath), (read.Types!.AssemblyPath, read.Types.SamplePath));
        Assert.Equal(types.TypeNames, read.Types.TypeNames);
        Assert.Empty(read.Cases);
    }

    [Fact]
    public void TheRequest_CarriesThePlannedCasesThemselves_NotTheFiltersThatMadeThem()
    {
        // --cells kept one operation of one workload: the child gets exactly that cell, with nothing to plan again.
        var plan = RunPlan.Create(new RunRequest
        {
            Studies = [StudyRegistry.All.Single(s => s.Name == "web-api")],
            Cells = CellSelection.Parse("web-api/stj-reflection-string/person/list/*/deserialize"),
        });

        var read = RoundTrip(AgentRequest.Run(plan, MeasurementProfile.Smoke));

        AssertSameCases(plan, read.Cases);
        Assert.All(read.Cases, c => Assert.Equal([Operation.Deserialize], c.Operations));
    }

    [Theory]
    [InlineData("colour\tblue\n", "unknown field 'colour'")]
    [InlineData("mode\trun\n", "'mode' is given 2 times")]
    [InlineData("case\tperson\tobject\n", "is not payload, shape, count, baseline, operations")]
    public void ANonRequest_IsRefusedInOneLine(string extra, string expected)
    {
        var text = AgentRequestCodec.Write(AgentRequest.Verify(Plan("json-vs-binary", "binary-utf8"))) + extra;

        var error = Assert.Throws<AgentRequestException>(() => AgentRequestCodec.Read(text));

        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AnUnknownCompressor_IsARequestThisAgentCannotFollow_NotTheUsersOption()
    {
        var text = AgentRequestCodec.Write(AgentRequest.Verify(Plan("json-vs-binary", "binary-utf8")));
        var profile = text.Split('\n').First(l => l.StartsWith("profile\t", StringComparison.Ordinal));

        var error = Assert.Throws<AgentRequestException>(() => AgentRequestCodec.Read(text.Replace(profile, profile[..profile.LastIndexOf('\t')] + "\txz", StringComparison.Ordinal)));

        Assert.Equal("agent request: unknown compressions 'xz'.", error.Message);
    }

    [Fact]
    public void TheAgent_ExitsWith2_AndOneLineNamingTheRequestFile()
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File(AgentRequestCodec.FileName), "{ \"mode\": \"run\" }");
        var error = new StringWriter();

        var exitCode = AgentProgram.Run([AgentProgram.Command, temp.File(AgentRequestCodec.FileName)], TextWriter.Null, error);

        Assert.Equal(2, exitCode);
        Assert.StartsWith($"serbench: {temp.File(AgentRequestCodec.FileName)}: not a SerBench agent request", error.ToString(), StringComparison.Ordinal);
        Assert.Single(error.ToString().TrimEnd().Split('\n'));
    }

    [Fact]
    public void NotARequestAtAll_IsRefused()
    {
        var error = Assert.Throws<AgentRequestException>(() => AgentRequestCodec.Read("{ \"mode\": \"run\" }"));

        Assert.Contains("not a SerBench agent request", error.Message, StringComparison.Ordinal);
    }
}
