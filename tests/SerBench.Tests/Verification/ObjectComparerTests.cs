using SerBench.Payloads;
using SerBench.Verification;

namespace SerBench.Tests.Verification;

public class ObjectComparerTests
{
    [Fact]
    public void FirstDifference_EqualGraphs_IsNull()
    {
        var a = PayloadRegistry.Person.Generate(3);
        var b = PayloadRegistry.Person.Generate(3);

        Assert.Null(ObjectComparer.FirstDifference(a.ToList(), b.ToList()));
    }

    [Fact]
    public void FirstDifference_NestedChange_GivesFullPath()
    {
        var a = PayloadRegistry.Person.Generate(1)[0];
        var b = PayloadRegistry.Person.Generate(1)[0];
        b.Friends[2].Name = "Changed";

        Assert.StartsWith("$.Friends[2].Name: expected \"", ObjectComparer.FirstDifference(a, b), StringComparison.Ordinal);
    }

    [Fact]
    public void FirstDifference_LostOffset_IsADifferenceEvenForTheSameInstant()
    {
        var a = new Person { Registered = new DateTimeOffset(2022, 8, 19, 9, 28, 47, TimeSpan.FromHours(-9)) };
        var b = new Person { Registered = a.Registered.ToUniversalTime() };

        Assert.Equal("$.Registered: expected 2022-08-19T09:28:47.0000000-09:00 but got 2022-08-19T18:28:47.0000000+00:00", ObjectComparer.FirstDifference(a, b));
    }
}
