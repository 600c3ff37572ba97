using SerBench.Core.Contenders;

namespace SerBench.Tests.Core.Contenders;

public class SystemTextJsonSettingsTests
{
    private sealed class Widget;

    [Fact]
    public void GeneratedTypeInfo_OfATypeNotInSerBenchsContexts_NamesItAsCSharpWritesIt()
    {
        var exception = Assert.Throws<NotSupportedException>(() => SystemTextJsonSettings.GeneratedTypeInfo<List<Dictionary<string, Widget>>>(JsonConventions.Web));

        Assert.Equal("SerBench's source-generated contexts hold its own models only, not List<Dictionary<String, Widget>>.", exception.Message);
    }
}
