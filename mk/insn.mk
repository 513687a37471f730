# The instruction table (issue 42; docs/insn.md): tools/gen_insn.c turns
# kernels/insn/forms_<isa>.tsv into the ISA's bodies and form descriptors
# (in the image), and every table into the host tool's form texts. The
# RVV table (issue 43), kernels/insn/forms_rvv.tsv, has a generator of its
# own, tools/gen_insn_rvv.c: its forms are measured at every SEW x LMUL.
INSN_GEN := $(HOST_BUILD)/gen_insn
INSN_RVV_GEN := $(HOST_BUILD)/gen_insn_rvv
INSN_RVV_TABLE := kernels/insn/forms_rvv.tsv
INSN_TABLES := $(filter-out $(INSN_RVV_TABLE),$(wildcard kernels/insn/forms_*.tsv))
INSN_ISA := $(if $(filter riscv64,$(ARCH)),rv64,$(if $(filter aarch64,$(ARCH)),a64,$(if $(filter x86_64,$(ARCH)),x86)))
INSN_TABLE := kernels/insn/forms_$(INSN_ISA).tsv

$(INSN_GEN): tools/gen_insn.c tools/insn_tsv.h tools/insn_body.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ $<
$(INSN_RVV_GEN): tools/gen_insn_rvv.c tools/insn_tsv.h tools/insn_body.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ $<

$(BUILD)/gen/insn_bodies.S: $(INSN_GEN) $(INSN_TABLE)
	@mkdir -p $(dir $@)
	$(INSN_GEN) --bodies $(INSN_ISA) $(INSN_TABLE) > $@.new && mv $@.new $@
$(BUILD)/gen/insn_forms.c: $(INSN_GEN) $(INSN_TABLE)
	@mkdir -p $(dir $@)
	$(INSN_GEN) --forms $(INSN_ISA) $(INSN_TABLE) > $@.new && mv $@.new $@
$(BUILD)/gen/insn_rvv_bodies.S: $(INSN_RVV_GEN) $(INSN_RVV_TABLE)
	@mkdir -p $(dir $@)
	$(INSN_RVV_GEN) --bodies $(INSN_RVV_TABLE) > $@.new && mv $@.new $@
$(BUILD)/gen/insn_rvv_forms.c: $(INSN_RVV_GEN) $(INSN_RVV_TABLE)
	@mkdir -p $(dir $@)
	$(INSN_RVV_GEN) --forms $(INSN_RVV_TABLE) > $@.new && mv $@.new $@
# the host tool's texts: the scalar tables', then the RVV table's entries
# (gen_insn --host-texts includes them: insn_rvv_texts.inc)
$(HOST_BUILD)/gen/insn_rvv_texts.inc: $(INSN_RVV_GEN) $(INSN_RVV_TABLE)
	@mkdir -p $(dir $@)
	$(INSN_RVV_GEN) --host-texts $(INSN_RVV_TABLE) > $@.new && mv $@.new $@
$(HOST_BUILD)/gen/insn_texts.c: $(INSN_GEN) $(INSN_TABLES) $(HOST_BUILD)/gen/insn_rvv_texts.inc
	@mkdir -p $(dir $@)
	$(INSN_GEN) --host-texts $(INSN_TABLES) --also insn_rvv_texts.inc > $@.new && mv $@.new $@

# The generated sources, compiled like the rest (their objects under
# $(BUILD)/obj/gen/).
INSN_RVV_OBJS := $(if $(filter rv64,$(INSN_ISA)),$(BUILD)/obj/gen/insn_rvv_bodies.S.o $(BUILD)/obj/gen/insn_rvv_forms.c.o)
INSN_OBJS := $(if $(INSN_ISA),$(BUILD)/obj/gen/insn_bodies.S.o $(BUILD)/obj/gen/insn_forms.c.o) $(INSN_RVV_OBJS)
$(BUILD)/obj/gen/%_forms.c.o: $(BUILD)/gen/%_forms.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ARCH_KERNEL_CFLAGS) -MMD -MP -c $< -o $@
$(BUILD)/obj/gen/%_bodies.S.o: $(BUILD)/gen/%_bodies.S
	@mkdir -p $(dir $@)
	$(CC) $(ASFLAGS) -c $< -o $@
