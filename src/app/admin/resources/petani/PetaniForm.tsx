import { PersonCreate, PersonEdit } from '../../components/PersonForm';

export const PetaniCreate = () => <PersonCreate role="petani" />;
export const PetaniEdit = () => <PersonEdit role="petani" />;
