using SerBench.Core.UserData;

namespace SerBench.Tests.Core.UserData;

public class InferredDataModelTests
{
    [Theory]
    [InlineData("orders", "SerBench.UserModels.Orders")]
    [InlineData("orders-2024", "SerBench.UserModels.Orders2024")]
    [InlineData("2024-orders", "SerBench.UserModels._2024Orders")]
    public void Namespace_IsAValidCSharpName(string dataSet, string expected) => Assert.Equal(expected, InferredDataModel.Namespace(dataSet));

    [Fact]
    public void Combine_OneSource_IsThatSource() => Assert.Equal("namespace A;\nclass X;", InferredDataModel.Combine(["namespace A;\nclass X;"]));

    [Fact]
    public void Combine_SeveralSources_TurnsFileScopedNamespacesIntoBlocks_WithTheUsingsOnceAtTheTop()
    {
        var combined = InferredDataModel.Combine(["using System;\nusing System.Text;\n\nnamespace A;\n\nclass X;\n", "using System;\n\nnamespace B;\n\nclass Y;\n"]);

        Assert.Equal("using System;\nusing System.Text;\n\nnamespace A\n{\n\nclass X;\n}\n\nnamespace B\n{\n\nclass Y;\n}\n", combined);
    }
}
