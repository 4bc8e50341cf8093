package io.canopy.bt;

import io.canopy.bt.action.AlwaysFailure;
import io.canopy.bt.action.AlwaysSuccess;
import io.canopy.bt.action.Script;
import io.canopy.bt.action.SetBlackboard;
import io.canopy.bt.action.Sleep;
import io.canopy.bt.action.UnsetBlackboard;
import io.canopy.bt.action.WasEntryUpdated;
import io.canopy.bt.condition.ScriptCondition;
import io.canopy.bt.control.AsyncFallback;
import io.canopy.bt.control.AsyncSequence;
import io.canopy.bt.control.Fallback;
import io.canopy.bt.control.IfThenElse;
import io.canopy.bt.control.Parallel;
import io.canopy.bt.control.ParallelAll;
import io.canopy.bt.control.ReactiveFallback;
import io.canopy.bt.control.ReactiveSequence;
import io.canopy.bt.control.Sequence;
import io.canopy.bt.control.SequenceWithMemory;
import io.canopy.bt.control.Switch;
import io.canopy.bt.control.TryCatch;
import io.canopy.bt.control.WhileDoElse;
import io.canopy.bt.decorator.Delay;
import io.canopy.bt.decorator.EntryUpdated;
import io.canopy.bt.decorator.ForceFailure;
import io.canopy.bt.decorator.ForceSuccess;
import io.canopy.bt.decorator.Inverter;
import io.canopy.bt.decorator.KeepRunningUntilFailure;
import io.canopy.bt.decorator.Loop;
import io.canopy.bt.decorator.Precondition;
import io.canopy.bt.decorator.Repeat;
import io.canopy.bt.decorator.RetryUntilSuccessful;
import io.canopy.bt.decorator.RunOnce;
import io.canopy.bt.decorator.SubTree;
import io.canopy.bt.decorator.Timeout;
import java.util.List;

/** The BehaviorTree.CPP v4 built-in node types, in palette order. */
final class BuiltinNodes {
    static final List<NodeType> ALL = List.of(
            Sequence.TYPE, SequenceWithMemory.TYPE, AsyncSequence.TYPE, ReactiveSequence.TYPE,
            Fallback.TYPE, AsyncFallback.TYPE, ReactiveFallback.TYPE,
            Parallel.TYPE, ParallelAll.TYPE, IfThenElse.TYPE, WhileDoElse.TYPE,
            Switch.SWITCH2, Switch.SWITCH3, Switch.SWITCH4, Switch.SWITCH5, Switch.SWITCH6, TryCatch.TYPE,
            Inverter.TYPE, ForceSuccess.TYPE, ForceFailure.TYPE, Repeat.TYPE, RetryUntilSuccessful.TYPE,
            KeepRunningUntilFailure.TYPE, RunOnce.TYPE, Delay.TYPE, Timeout.TYPE, Precondition.TYPE,
            Loop.LOOP_INT, Loop.LOOP_DOUBLE, Loop.LOOP_STRING, Loop.LOOP_BOOL,
            EntryUpdated.SKIP_UNLESS_UPDATED, EntryUpdated.WAIT_VALUE_UPDATE, SubTree.TYPE,
            Script.TYPE, ScriptCondition.TYPE, SetBlackboard.TYPE, UnsetBlackboard.TYPE, Sleep.TYPE,
            AlwaysSuccess.TYPE, AlwaysFailure.TYPE, WasEntryUpdated.TYPE);

    private BuiltinNodes() {}
}
