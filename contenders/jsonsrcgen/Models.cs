using JsonSrcGen;

// JsonSrcGen's generator writes a converter for SerBench's own payload models (compiled together with this pack) and
// for lists of them. Names stay as declared: renaming needs [JsonName] on each property, which a partial declaration
// cannot add, so studies that ask for camelCase see DIFFERS.
[assembly: JsonList(typeof(SerBench.Payloads.Person))]
[assembly: JsonList(typeof(SerBench.Payloads.User))]
[assembly: JsonList(typeof(SerBench.Payloads.OfficeWorker))]
[assembly: JsonList(typeof(SerBench.Payloads.SaveGame))]

namespace SerBench.Payloads;

[Json]
public sealed partial class Person
{
}

[Json]
public sealed partial class Friend
{
}

[Json]
public sealed partial record User;

[Json]
public sealed partial class OfficeWorker
{
}

[Json]
public sealed partial class SaveGame
{
}
