using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Verification;

/// <summary>
/// Proves the gate misses nothing: a real contender wrapped to corrupt exactly one field after deserializing must be
/// caught as MISMATCH naming that field's path, for every field of every model, in every shape.
/// </summary>
public class GateMutationTests
{
    private const string Inner = "stj-sourcegen-utf8";

    public static TheoryData<string, string> ModelsAndShapes()
    {
        var data = new TheoryData<string, string>();
        foreach (var model in PayloadRegistry.All)
        {
            foreach (var shape in Enum.GetValues<Shape>())
            {
                data.Add(model.Name, shape.ToString());
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(ModelsAndShapes))]
    public void Prepare_OneFieldCorruptedAfterReading_IsMismatchNamingThatPath(string modelName, string shapeName)
    {
        var shape = Enum.Parse<Shape>(shapeName);
        var (model, conventions) = ModelAndConventions(modelName);
        var count = shape == Shape.Object ? 1 : 3;
        var workload = new Workload(model, shape, count, [Operation.Serialize]);
        // The last object is the one damaged, so a path that always said [0] would be caught too.
        var target = count - 1;
        var root = shape == Shape.Many ? $"$[{target}]" : "$";
        var mutations = Mutations(model, count, target);
        var inner = ContenderRegistry.Find(Inner)!;
        Assert.Equal(VerificationStatus.Ok, Verifier.Prepare(FakeContenders.CorruptsAfterReading(inner, (_, _) => { }), conventions, workload).Outcome.Status);

        var missed = new List<string>();
        foreach (var mutation in mutations)
        {
            var applied = shape == Shape.List ? mutation.Under(new IndexStep(target)) : mutation;
            var contender = FakeContenders.CorruptsAfterReading(inner, (value, call) =>
            {
                // The many shape deserializes one object per call; the others deserialize once.
                if (shape != Shape.Many || call == target)
                {
                    applied.ApplyTo(value);
                }
            });

            var outcome = Verifier.Prepare(contender, conventions, workload).Outcome;
            var expected = $"round trip changed the data: {root}{applied.Path}: ";
            if (outcome.Status != VerificationStatus.Mismatch || outcome.Reason?.StartsWith(expected, StringComparison.Ordinal) != true)
            {
                missed.Add($"{root}{applied} → {outcome.Label}: {outcome.Reason}");
            }
        }

        Assert.True(missed.Count == 0, $"{missed.Count} of {mutations.Count} corruptions not caught at their path:\n" + string.Join("\n", missed));
    }

    [Fact]
    public void Mutations_CoverEveryMemberOfEveryModel()
    {
        // Person: 22 members, each Tags and Friends element, and each Friend's two members.
        Assert.Equal(
            ["Id", "Index", "Guid", "IsActive", "Balance", "Picture", "Age", "EyeColor", "Name", "Gender", "Company", "Email", "Phone", "Address",
             "About", "Registered", "Latitude", "Longitude", "Tags", "Friends", "Greeting", "FavoriteFruit"],
            TopLevelMembers("person"));
        var person = Mutations(PayloadRegistry.Person, 1, 0).Select(m => m.Path).ToHashSet();
        Assert.Contains(".Tags[6]", person);
        Assert.Contains(".Friends[2].Name", person);
        Assert.Contains(".Friends[2].Id", person);
        Assert.Equal(["Id", "FirstName", "LastName", "FullName", "UserName", "Email"], TopLevelMembers("user"));
        Assert.Equal(["Company", "Department", "Name", "Sex", "Age"], TopLevelMembers("office-worker"));
        Assert.Equal(["Name", "HighScore"], TopLevelMembers("save-game"));
    }

    private static string[] TopLevelMembers(string modelName)
    {
        var (model, _) = ModelAndConventions(modelName);
        return [.. Mutations(model, 1, 0).Select(m => ((MemberStep)m.Steps[0]).Member.Name).Distinct()];
    }

    /// <summary>The model with the conventions of the first study that uses it.</summary>
    private static (PayloadModel Model, JsonConventions Conventions) ModelAndConventions(string name)
    {
        var model = PayloadRegistry.All.Single(m => m.Name == name);
        var study = StudyRegistry.All.First(s => s.Workloads.Any(w => w.Payload == model));
        return (model, study.Conventions);
    }

    /// <summary>The mutations of the object the gate will check at <paramref name="index"/> (same seed, same count).</summary>
    private static IReadOnlyList<Mutation> Mutations(PayloadModel model, int count, int index) =>
        Mutation.Of(model.Accept(new Generate(count))[index]);

    private sealed class Generate(int count) : IPayloadModelVisitor<object[]>
    {
        public object[] Visit<T>(PayloadModel<T> model) where T : class => model.Generate(count);
    }
}
