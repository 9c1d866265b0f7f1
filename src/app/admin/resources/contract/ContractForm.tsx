import {
  AutocompleteInput,
  Create,
  DateInput,
  Edit,
  FormDataConsumer,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Alert } from '@mui/material';
import { EditForm } from '../../components/EditForm';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { MAX_PAGE_SIZE } from '../../../../shared/constants';
import { stepsOn } from '../../../../shared/contract-lifecycle';
import { personName } from '../../components/personName';

const byName = (q: string) => ({ q });

/** end_date not before start_date (both YYYY-MM-DD, so they compare as text). */
const endAfterStart = (value: unknown, values: RaRecord) =>
  value && values.start_date && String(value) < String(values.start_date)
    ? 'tm.contract.end_before_start'
    : undefined;

/** Quantity and price above 0, as the API requires (its messages, under tm.contract). */
const aboveZero = (message: 'quantity_invalid' | 'price_invalid') => (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Number(value) > 0)
    ? `tm.contract.${message}`
    : undefined;

/** Another petani clears the chosen lahan: it belonged to the previous one (the API would refuse it). */
function ClearLahanOnPetaniChange() {
  const petaniId = useWatch({ name: 'petani_id' });
  const { getValues, setValue } = useFormContext();
  const previous = useRef(petaniId);
  useEffect(() => {
    if (previous.current === petaniId) return;
    previous.current = petaniId;
    if (getValues('lahan_id') != null) setValue('lahan_id', null, { shouldDirty: true });
  }, [petaniId, getValues, setValue]);
  return null;
}

/** The lahan choices are the chosen petani's own (the API refuses another's). */
function LahanOfPetaniInput() {
  return (
    <>
      <ClearLahanOnPetaniChange />
      <FormDataConsumer<{ petani_id?: number }>>
        {({ formData: { petani_id: petaniId } }) => (
          <ReferenceInput
            source="lahan_id"
            reference="lahan"
            filter={petaniId ? { petani_id: petaniId } : {}}
          >
            <AutocompleteInput optionText="nama_lahan" filterToQuery={byName} disabled={!petaniId} />
          </ReferenceInput>
        )}
      </FormDataConsumer>
    </>
  );
}

/**
 * The terms: free on a new contract (always created pending) and while the lifecycle lets an admin edit them
 * (a change makes a new version); from approved
 * on they are what was signed, and shown without being editable. The commodity is set by the offer (PUT
 * refuses it).
 */
function TermsInputs({ create }: { create?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const locked = record != null && !stepsOn(record.status, 'admin').includes('edit');
  return (
    <>
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('tm.contract.terms_locked')}
        </Alert>
      )}
      <TextInput source="commodity" validate={required()} disabled={locked || !create} />
      <NumberInput
        source="quantity"
        validate={[required(), aboveZero('quantity_invalid')]}
        disabled={locked}
      />
      <TextInput source="unit" validate={required()} defaultValue="kg" disabled={locked} />
      <NumberInput source="price" validate={[required(), aboveZero('price_invalid')]} disabled={locked} />
      <DateInput source="start_date" validate={required()} disabled={locked} />
      <DateInput source="end_date" validate={[required(), endAfterStart]} disabled={locked} />
      <TextInput source="delivery_terms" multiline fullWidth disabled={locked} />
    </>
  );
}

function ContractForm({ create }: { create?: boolean }) {
  return (
    <EditForm>
      <TextInput source="title" validate={required()} fullWidth />
      <ReferenceInput source="contract_category_id" reference="contract-category" perPage={MAX_PAGE_SIZE}>
        <SelectInput optionText="type_name" validate={required()} />
      </ReferenceInput>
      {create && (
        <>
          <ReferenceInput source="petani_id" reference="petani">
            <AutocompleteInput
              optionText={(record: RaRecord) => personName(record, 'fullname_petani')}
              filterToQuery={byName}
              validate={required()}
            />
          </ReferenceInput>
          <ReferenceInput source="mitra_id" reference="mitra">
            <AutocompleteInput
              optionText={(record: RaRecord) => personName(record, 'fullname_mitra')}
              filterToQuery={byName}
              validate={required()}
            />
          </ReferenceInput>
          <LahanOfPetaniInput />
        </>
      )}
      <TextInput source="description" multiline fullWidth />
      <TermsInputs create={create} />
    </EditForm>
  );
}

export const ContractCreate = () => (
  <Create redirect="list">
    <ContractForm create />
  </Create>
);

export const ContractEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <ContractForm />
  </Edit>
);
