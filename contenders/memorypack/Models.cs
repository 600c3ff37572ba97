using MemoryPack;

namespace SerBench.Core.Payloads;

// MemoryPack's source generator runs on SerBench's own payload models: the agent compiles them together with this
// pack, and these partial declarations give the generator its attribute (members in declaration order).
[MemoryPackable]
public sealed partial class Person
{
}

[MemoryPackable]
public sealed partial class Friend
{
}

[MemoryPackable]
public sealed partial record User;

[MemoryPackable]
public sealed partial class OfficeWorker
{
}

[MemoryPackable]
public sealed partial class SaveGame
{
}
